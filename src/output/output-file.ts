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

/** Where a group's files go as they are made, by path relative to the output folder. */
export interface GroupWriter {
  file(path: string, contents: string | Uint8Array): Promise<void>;
  /**
   * A file of the group that depends on `key` alone: the previous build's is kept (linked, nothing made) when it
   * was made from the same key, else `contents` makes it.
   */
  keyed?(path: string, key: string, contents: () => string | Uint8Array | Promise<string | Uint8Array>): Promise<void>;
  /**
   * The previous build's file made from `key`, as UTF-8 text, when it is still as that build wrote it (the trust
   * `keyed` gives it when it keeps it): what a group made again takes of its unchanged parts. Undefined otherwise.
   */
  previous?(path: string, key: string): string | undefined;
}

/**
 * Files made together: the previous build's are kept only all at once. They are made into a writer as they come,
 * so a large group is never in memory whole.
 */
export interface OutputGroup {
  name: string;
  /** What the files are made from, found without making them (asked only when a previous build has the group). */
  key: () => Promise<string>;
  /** Makes every file of the group into `out`, and returns what they were made from (the key `key` gives). */
  make: (out: GroupWriter) => Promise<string>;
}

/** A file of the site copied into the build as it is. */
export interface CopiedFile {
  path: string;
  /** The file it is read from. */
  from: string;
  /**
   * Its content hash (`revisionOf`), when known before the build (a file made with the CLI bundle): the build then
   * never reads it, and a build folder that holds it already keeps it.
   */
  revision?: string;
  /** False: not a file a page may link to (the browser bundle's). */
  linkable?: false;
  /** False: not precached for offline reading (see `SiteFile.precache`). */
  precache?: false;
}

/** Files written and files kept from the previous build. */
export interface WriteCounts {
  written: number;
  reused: number;
}
