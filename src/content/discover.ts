import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { digestOfString } from '../cache/digest';
import type { ContentFiles } from '../cache/stage-cache';
import type { ResolvedConfig } from '../config/resolved-config';
import { insideFolder, isPlainRelative } from '../disk/inside-folder';
import { DocsItError, DocsItErrors } from '../errors';
import { onLetGo, onPlace } from './held-texts';
import { contentListings, type LeftOut, type Listing, listSiteFiles } from './list-files';
import type { SourceFile } from './source-file';
import { readText, readTextAgain, type TextPlace } from './text-again';
import { attachFacts, textDigestFact, textFact } from './text-facts';

/** Metadata files of sidebar categories, keyed by folder (relative to `content/docs`). */
export interface CategoryFile {
  file: string;
  dir: string;
  text: string;
}

export interface DiscoveredContent {
  sources: SourceFile[];
  categories: CategoryFile[];
  /** `content/blog/authors.yml`, when present. */
  authors: { file: string; text: string } | undefined;
  /** Files under `content/static`, relative to it. */
  staticFiles: string[];
  /** Markdown files named `_…` (fragments that pages import), by site-root relative path. */
  fragments: Record<string, string>;
  /** What was left out and why (links out of the site folder, links to folders), by file. */
  warnings: LeftOut[];
}

const sections = ['docs', 'blog', 'pages'] as const;

/**
 * Reads every content file of the site (markdown, category metadata, authors, static file names). With `record`
 * (the cache's content record), a page whose stat is the recorded one is not read: its text is read when a
 * stage needs it, and what was derived from it comes from the record (`text-facts.ts`).
 */
export async function discoverContent(config: ResolvedConfig, record?: ContentFiles): Promise<DiscoveredContent> {
  const { root, content } = config.paths;
  const roots = [content, config.paths.static];
  const toRel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const sources: SourceFile[] = [];
  const categories: CategoryFile[] = [];
  const warnings = new Map<string, LeftOut>();
  const list = (dir: string, listing: Listing) =>
    listSiteFiles(dir, listing, {
      site: root,
      roots,
      warn: (leftOut) => warnings.set(`${leftOut.file}: ${leftOut.message}`, leftOut),
    });
  await Promise.all(
    sections.map(async (section) => {
      const dir = path.join(content, section);
      // Names starting with `_` are fragments and metadata, never pages.
      const files = await list(dir, contentListings.pages);
      // Read synchronously: for thousands of small files that measured several times faster than as many
      // concurrent promises, and nothing else can run before the content is known.
      // Each file's two paths by concatenation where that is what `join` and `relative` give (a large site has
      // 100,000 pages, and both normalize a new string a character at a time).
      const resolved = dir === path.resolve(dir);
      const relDir = toRel(dir);
      const relDirPlain = relDir === '' || isPlainRelative(relDir);
      for (const relPath of files) {
        const plain = isPlainRelative(relPath);
        const abs = resolved && plain ? insideFolder(dir, relPath) : path.join(dir, relPath);
        const file = plain && relDirPlain ? (relDir === '' ? relPath : `${relDir}/${relPath}`) : toRel(abs);
        sources.push(
          record
            ? recordedSource(record, abs, { file, relPath, section })
            : rereadableSource(abs, { file, relPath, section }, readText(abs, file)),
        );
      }
    }),
  );
  const categoryFiles = await list(path.join(content, 'docs'), contentListings.categories);
  for (const relPath of categoryFiles) {
    const abs = path.join(content, 'docs', relPath);
    categories.push({ file: toRel(abs), dir: path.posix.dirname(relPath), text: readText(abs, toRel(abs)) });
  }
  const fragments: Record<string, string> = {};
  const fragmentFiles = await list(content, contentListings.fragments);
  for (const relPath of fragmentFiles) {
    const abs = path.join(content, relPath);
    fragments[toRel(abs)] = readText(abs, toRel(abs));
  }
  const authorsPath = path.join(content, 'blog', 'authors.yml');
  // Listed like any content file: a FIFO or a link out of the content folder is left out, never opened.
  const [authorsFile] = await list(path.join(content, 'blog'), contentListings.authors);
  const authorsText = authorsFile === undefined ? undefined : await readFile(authorsPath, 'utf8');
  const staticFiles = await list(config.paths.static, contentListings.all);
  const unreachable = [
    ...sources.map((s) => s.file),
    ...staticFiles.map((f) => toRel(path.join(config.paths.static, f))),
  ].flatMap((file) => {
    const problem = urlUnsafeCharacterOf(file);
    return problem === undefined ? [] : [unreachableFileError(file, problem)];
  });
  if (unreachable.length > 0) throw new DocsItErrors(unreachable);
  sources.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  categories.sort((a, b) => (a.dir < b.dir ? -1 : 1));
  return {
    sources,
    categories,
    authors: authorsText === undefined ? undefined : { file: toRel(authorsPath), text: authorsText },
    staticFiles,
    fragments,
    warnings: [...warnings.keys()].sort().map((key) => warnings.get(key)!),
  };
}

/**
 * The first character of a file name that no URL can carry as it is, described, if any: `#` and `?` end the
 * path, `%` starts an escape that hosts decode differently, and control characters (tab, newline) cannot be
 * written in a link. Such names are refused rather than percent-encoded: every writer of URLs (routes, links,
 * sitemap, search, service worker) and every host would have to encode them the same way, and a file name can
 * always be changed.
 */
export function urlUnsafeCharacterOf(file: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for.
  const found = /[#?%\u0000-\u001f\u007f]/.exec(file)?.[0];
  if (found === undefined) return undefined;
  if (found === '#' || found === '?' || found === '%') return `"${found}"`;
  const names: Record<string, string> = { '\t': 'a tab', '\n': 'a line break', '\r': 'a carriage return' };
  return names[found] ?? `the control character U+${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function unreachableFileError(file: string, character: string): DocsItError {
  return new DocsItError(
    `the file name has ${character}, which a URL cannot carry: no link would reach the published file`,
    { file: JSON.stringify(file).slice(1, -1) },
    'Rename the file using letters, digits, "-", "_" and ".".',
  );
}

/**
 * A page from the content record when its stat is the recorded one (its text read only when asked for), else
 * read now and recorded with the facts the build derives from its text.
 */
function recordedSource(record: ContentFiles, abs: string, place: Omit<SourceFile, 'text'>): SourceFile {
  // The wall clock before the stat, the stat before the read: an edit after either is a newer mtime or ctime.
  const readAt = BigInt(Date.now()) * 1_000_000n;
  const stat = statSync(abs, { bigint: true });
  const facts = record.take(place.file, stat);
  if (facts && typeof facts[textDigestFact] === 'string') {
    const source = rereadableSource(abs, place, undefined, () => record.readLater());
    attachFacts(source, facts);
    return source;
  }
  const text = readText(abs, place.file);
  const fresh = { [textDigestFact]: digestOfString(text) };
  record.keep(place.file, stat, readAt, fresh);
  const source = rereadableSource(abs, place, text);
  attachFacts(source, fresh);
  return source;
}

/** What a source read again when asked keeps: its file, and its text while held. */
const rereadable = Symbol('rereadable');
type RereadableSource = SourceFile & {
  [rereadable]: { abs: string; held: string | undefined; read: boolean; readLater: (() => void) | undefined };
};

/** The digest its text read again must have: the first text's (the record's, or the first read's). */
const digestOfSource = (source: SourceFile) => textFact(source, textDigestFact, (s) => digestOfString(s.text));

/**
 * A content file whose text is `text` (read already), or read when first asked for (a file taken from the content
 * record: `readLater` counts it); once let go (`letGoOfText`), read again when asked. Every read after the first
 * checks the text's digest against its fact's (the record's, or the first read's): the build's facts and keys are
 * the first text's.
 */
function rereadableSource(
  abs: string,
  place: Omit<SourceFile, 'text'>,
  text: string | undefined,
  readLater?: () => void,
): SourceFile {
  // One shape and one getter for every source (a large site has 100,000): its state under a symbol that a copy of
  // the source does not take, not in closures (which put each source in a dictionary of its own).
  const source = { ...place } as RereadableSource;
  Object.defineProperty(source, rereadable, { value: { abs, held: text, read: text !== undefined, readLater } });
  Object.defineProperty(source, 'text', { enumerable: true, get: rereadableText });
  onLetGo(source, letGoOfRereadable);
  onPlace(source, placeOfRereadable);
  return source;
}

function rereadableText(this: RereadableSource): string {
  const state = this[rereadable];
  if (state.held === undefined) {
    if (!state.read) state.readLater?.();
    state.read = true;
    // Facts and keys of this build are the first text's: a file edited since is not that text.
    state.held = readTextAgain({ abs: state.abs, file: this.file, digest: digestOfSource(this) });
  }
  return state.held;
}

/** Where a let-go text is, for a reader elsewhere (counted as read, as `rereadableText` counts it). */
function placeOfRereadable(holder: object): TextPlace | undefined {
  const source = holder as RereadableSource;
  const state = source[rereadable];
  if (state.held !== undefined) return undefined;
  if (!state.read) state.readLater?.();
  state.read = true;
  return { abs: state.abs, file: source.file, digest: digestOfSource(source) };
}

function letGoOfRereadable(holder: object): void {
  const source = holder as RereadableSource;
  if (source[rereadable].held !== undefined) {
    // Known before it goes: the digest the text read again must have.
    digestOfSource(source);
    source[rereadable].held = undefined;
  }
}
