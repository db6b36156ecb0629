/** A content file as read from disk: where it is and what it says. */
export interface SourceFile {
  /** Path relative to the site root, with forward slashes (`content/docs/start/faq.md`). */
  file: string;
  /** Path inside its section folder (`start/faq.md` for a doc). */
  relPath: string;
  section: 'docs' | 'blog' | 'pages';
  text: string;
}

/** A content file with its front matter split off and checked. */
export interface ParsedSource extends SourceFile {
  frontMatter: Record<string, unknown>;
  /** Body with the front matter lines blanked, so markdown positions are file positions. */
  body: string;
  /** Line of each front matter key, for errors. */
  keyLines: Record<string, number>;
  /** Front matter keys docs-it does not know (kept, and reported as warnings by the build). */
  unknownKeys?: string[];
}
