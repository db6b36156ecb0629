/** A file to write into a build, produced only when the previous build's copy cannot be kept. */
export interface OutputFile {
  /** Relative to the output folder, with `/`. */
  path: string;
  /** The source file it is made from (a page's), named when the file cannot be written. */
  source?: string;
  /** What the contents are made from: the previous build's file is kept while the key is unchanged. */
  key?: () => Promise<string>;
  contents: () => Promise<string | Uint8Array>;
}

/** Files made together: the previous build's are kept only all at once. */
export interface OutputGroup {
  name: string;
  key: () => Promise<string>;
  /** Every file of the group, by path relative to the output folder. */
  contents: () => Promise<Map<string, string | Uint8Array>>;
}

/** A file of the site copied into the build as it is. */
export interface CopiedFile {
  path: string;
  /** The file it is read from. */
  from: string;
}

/** Files written and files kept from the previous build. */
export interface WriteCounts {
  written: number;
  reused: number;
}
