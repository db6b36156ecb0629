/** One published version of one package. */
export interface Release {
  /** One of the data file's `packages`. */
  package: string;
  /** Semver, e.g. `1.6.0`. */
  version: string;
  /** Publication date, `YYYY-MM-DD`. */
  date: string;
  /** A few highlights, one sentence each (inline markdown allowed: `code`, **bold**, links). */
  highlights: string[];
}

/** What `content/data/releases.ts` exports: the packages, in the order the page lists them, and their releases. */
export interface ReleasesData {
  packages: string[];
  releases: Release[];
}

/** Identity function that types `content/data/releases.ts`. */
export function defineReleases(data: ReleasesData): ReleasesData {
  return data;
}
