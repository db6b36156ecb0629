import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/resolved-config';
import { DocsItError } from '../errors';
import { listSiteFiles } from './list-files';
import type { SourceFile } from './source-file';

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
  warnings: { file: string; message: string }[];
}

const sections = ['docs', 'blog', 'pages'] as const;

/** Reads every content file of the site (markdown, category metadata, authors, static file names). */
export async function discoverContent(config: ResolvedConfig): Promise<DiscoveredContent> {
  const { root, content } = config.paths;
  const toRel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const sources: SourceFile[] = [];
  const categories: CategoryFile[] = [];
  const warnings = new Map<string, { file: string; message: string }>();
  const list = (dir: string, patterns: string[], ignore: string[] = []) =>
    listSiteFiles(dir, patterns, {
      root,
      ignore,
      warn: (file, message) => warnings.set(`${file}: ${message}`, { file, message }),
    });
  await Promise.all(
    sections.map(async (section) => {
      const dir = path.join(content, section);
      // Names starting with `_` are fragments and metadata, never pages.
      const files = await list(dir, ['**/*.{md,mdx}'], ['**/_*', '**/_*/**', '**/node_modules/**']);
      // Read synchronously: for thousands of small files that measured several times faster than as many
      // concurrent promises, and nothing else can run before the content is known.
      for (const relPath of files) {
        const abs = path.join(dir, relPath);
        sources.push({ file: toRel(abs), relPath, section, text: readText(abs, toRel(abs)) });
      }
    }),
  );
  const categoryFiles = await list(path.join(content, 'docs'), ['**/_category_.{json,yml,yaml}']);
  for (const relPath of categoryFiles) {
    const abs = path.join(content, 'docs', relPath);
    categories.push({ file: toRel(abs), dir: path.posix.dirname(relPath), text: readText(abs, toRel(abs)) });
  }
  const fragments: Record<string, string> = {};
  const fragmentFiles = await list(content, ['{docs,blog,pages}/**/_*.{md,mdx}'], ['**/node_modules/**']);
  for (const relPath of fragmentFiles) {
    const abs = path.join(content, relPath);
    fragments[toRel(abs)] = readText(abs, toRel(abs));
  }
  const authorsPath = path.join(content, 'blog', 'authors.yml');
  const authorsText = await readFile(authorsPath, 'utf8').catch(() => undefined);
  const staticFiles = await list(config.paths.static, ['**/*']);
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

const utf8 = new TextDecoder('utf-8', { fatal: false });

function readText(abs: string, rel: string): string {
  const buffer = readFileSync(abs);
  const text = utf8.decode(buffer);
  if (text.includes('\uFFFD') && !buffer.includes(Buffer.from('\uFFFD'))) {
    const line = text.slice(0, text.indexOf('\uFFFD')).split('\n').length;
    throw new DocsItError('the file is not valid UTF-8', { file: rel, line }, 'Save the file with UTF-8 encoding.');
  }
  return text;
}
