/** The packages whose releases `/it/releases` lists, in display order. */
export const releasePackages = ['tauri', 'tauri-build', 'tauri-bundler', '@tauri-apps/cli', '@tauri-apps/api'] as const;

export type ReleasePackage = (typeof releasePackages)[number];

/** One published version of one package. */
export interface Release {
  package: ReleasePackage;
  /** Semver, e.g. `1.6.0`. */
  version: string;
  /** Publication date, `YYYY-MM-DD`. */
  date: string;
  /** A few Italian highlights, one sentence each (inline markdown allowed: `code`, links). */
  highlights: string[];
}

/** Identity function that types `content/data/releases.ts`. */
export function defineReleases(releases: Release[]): Release[] {
  return releases;
}
