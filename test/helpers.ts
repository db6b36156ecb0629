import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DiscoveredContent } from '../src/content/discover';
import type { SourceFile } from '../src/content/source-file';
import { createHighlighter } from '../src/markdown/highlighter';
import { createMarkdownProcessor } from '../src/markdown/processor';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const fixture = (name: string) => path.join(repoRoot, 'test', 'fixtures', name);

/** A fresh copy of a fixture site in a temporary folder, with optional files added or replaced. */
export function copyFixture(name: string, files: Record<string, string> = {}): string {
  // Inside the repo, so the fixture's relative import of defineConfig still resolves.
  const parent = path.join(repoRoot, 'test', '.tmp');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(path.join(parent, `${name}-`));
  cpSync(fixture(name), dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** In-memory content for the pure content-model functions. */
export function discovered(files: Record<string, string>, extra: Partial<DiscoveredContent> = {}): DiscoveredContent {
  const sources: SourceFile[] = [];
  const categories: DiscoveredContent['categories'] = [];
  for (const [file, text] of Object.entries(files)) {
    const match = /^content\/(docs|blog|pages)\/(.+)$/.exec(file)!;
    if (file.endsWith('_category_.json')) categories.push({ file, dir: path.posix.dirname(match[2]!), text });
    else sources.push({ file, relPath: match[2]!, section: match[1] as SourceFile['section'], text });
  }
  return { sources, categories, authors: undefined, staticFiles: [], ...extra };
}

const highlighter = createHighlighter();

/** Compiles one markdown string as `content/docs/page.md` at `/it/v1/page`. */
export function compileMd(
  body: string,
  options: {
    format?: 'md' | 'mdx';
    routeOfFile?: Record<string, string>;
    excerpt?: boolean;
    fragments?: Record<string, string>;
  } = {},
) {
  const compile = createMarkdownProcessor({
    highlighter,
    routeOfFile: options.routeOfFile ?? {},
    baseUrl: '/it/',
    readFragment: (_from, spec) => options.fragments?.[spec],
  });
  return compile({
    file: `content/docs/page.${options.format ?? 'md'}`,
    route: '/it/v1/page',
    body,
    format: options.format ?? 'md',
    excerpt: options.excerpt ?? false,
    tocMin: 2,
    tocMax: 3,
  });
}
