import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/resolved-config';
import { themeNamesIn } from '../config/site-theme-files';
import { readText } from '../content/text-again';
import { usesMdx } from '../markdown/detect-format';
import { importsOf } from '../markdown/mdx-imports';
import { lastCommitsOfContent, type SiteContent } from './site';

/**
 * The site's content after edits of files it already had (`dev` knows the saved files from its watcher): the
 * edited texts read again, everything else taken from `previous`. Undefined when the edits may change more
 * than those texts — a file added, removed or replaced by something that is no plain file, a file outside the
 * content's pages, fragments, categories and authors, a page whose imports of code or theme components changed
 * — so that the caller reads the whole content again (`readContent`), as a build does.
 */
export async function editedContent(
  config: ResolvedConfig,
  previous: SiteContent,
  changed: readonly string[],
  lastCommitsOf?: Parameters<typeof lastCommitsOfContent>[1],
): Promise<SiteContent | undefined> {
  const { root } = config.paths;
  const { discovered } = previous;
  const sourceAt = new Map(discovered.sources.map((source, i) => [source.file, i]));
  const categoryAt = new Map(discovered.categories.map((category, i) => [category.file, i]));
  let sources = discovered.sources;
  let categories = discovered.categories;
  let fragments = discovered.fragments;
  let authors = discovered.authors;
  for (const abs of changed) {
    const file = path.relative(root, abs).split(path.sep).join('/');
    if (!isPlainFile(abs)) return undefined;
    const source = sourceAt.get(file);
    if (source !== undefined) {
      const old = sources[source]!;
      const text = readText(abs, file);
      if (codeSignature(file, old.text) !== codeSignature(file, text)) return undefined;
      if (sources === discovered.sources) sources = [...sources];
      sources[source] = { ...old, text };
    } else if (Object.hasOwn(fragments, file)) {
      const text = readText(abs, file);
      if (codeSignature(file, fragments[file]!) !== codeSignature(file, text)) return undefined;
      fragments = { ...fragments, [file]: text };
    } else if (categoryAt.has(file)) {
      const i = categoryAt.get(file)!;
      if (categories === discovered.categories) categories = [...categories];
      categories[i] = { ...categories[i]!, text: readText(abs, file) };
    } else if (authors?.file === file) {
      // Read as `discoverContent` reads it (no check of its encoding).
      authors = { file, text: readFileSync(abs, 'utf8') };
    } else return undefined;
  }
  const lastCommits = await lastCommitsOfContent(config, lastCommitsOf);
  return {
    ...previous,
    discovered: { ...discovered, sources, categories, fragments, authors },
    ...(lastCommits ? { lastCommits } : {}),
  };
}

/** A file that is there and is neither a link nor a special file (those the content's listing leaves out). */
function isPlainFile(abs: string): boolean {
  try {
    return lstatSync(abs).isFile();
  } catch {
    return false;
  }
}

/**
 * What of a text the site's code is made from (`loadSiteCode`, `themeNamesImported`): the modules it imports,
 * at their lines, and the theme components it names. Equal before and after an edit, the code stays as it is.
 */
function codeSignature(file: string, text: string): string {
  const mdx = file.endsWith('.mdx') || path.basename(file).startsWith('_') || usesMdx(text);
  return JSON.stringify([mdx ? importsOf(text) : [], themeNamesIn(text)]);
}
