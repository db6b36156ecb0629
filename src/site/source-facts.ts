import { digestOfString } from '../cache/digest';
import { themeNamesIn } from '../config/site-theme-files';
import { headingOf } from '../content/page-heading';
import type { ParsedSource, SourceFile } from '../content/source-file';
import { textFact } from '../content/text-facts';
import type { SourceLocation } from '../errors';
import { componentsMayDraw } from '../markdown/content-components';
import { usesMdx } from '../markdown/detect-format';
import { type ImportLine, importsOf } from '../markdown/mdx-imports';
import { firstMermaidUse, mermaidUseLine } from '../markdown/uses-mermaid';
import type { ContentComponentName } from '../shared/theme-components';

/**
 * What the site's stages ask of a content file's text alone, each a fact kept in the content record (see
 * `content/text-facts.ts`): a file taken from the record answers without being read. This module is the content
 * record's code (its version is this module's graph: `stageModules.content`), so every fact is defined here or
 * reached from here (`headingOf`).
 */
export { headingOf };

/** The digest of a page's body (`digestOfString`): its compile input's key takes it instead of the body. */
export function bodyDigestOf(source: ParsedSource): string {
  return textFact(source, 'bodyDigest', (s) => digestOfString(s.body));
}

/**
 * The length of a page's body: the compile workers take the longest pages first (see `bodyLengthOf` in
 * compile-jobs.ts) without its text, which a large build lets go before compiling.
 */
export function bodyLengthOfSource(source: ParsedSource): number {
  return textFact(source, 'bodyLength', (s) => s.body.length);
}

/** Whether a page's body is MDX (imports, components), as Docusaurus decides for a `.md` page. */
export function bodyUsesMdx(source: ParsedSource): boolean {
  return textFact(source, 'bodyMdx', (s) => usesMdx(s.body));
}

/** The imports of a page's body. */
export function bodyImportsOf(source: ParsedSource): ImportLine[] {
  return textFact(source, 'bodyImports', (s) => importsOf(s.body));
}

/** The content components a page's body may draw (`componentsMayDraw`). */
export function componentsDrawnBy(source: ParsedSource): ContentComponentName[] {
  return textFact(source, 'drawn', (s) => componentsMayDraw(s.body));
}

/** Whether a file's whole text is MDX (front matter included), as the site's code loader asks. */
export function textUsesMdx(source: SourceFile): boolean {
  return textFact(source, 'textMdx', (s) => usesMdx(s.text));
}

/** The imports of a file's whole text. */
export function textImportsOf(source: SourceFile): ImportLine[] {
  return textFact(source, 'textImports', (s) => importsOf(s.text));
}

/** Every `@theme/<Name>` a file's text imports. */
export function themeNamesOf(source: SourceFile): string[] {
  return textFact(source, 'themeNames', (s) => themeNamesIn(s.text));
}

/** Where the site's pages first draw a Mermaid diagram (see `firstMermaidUse`), in the order given. */
export function firstMermaidUseOf(
  sources: readonly SourceFile[],
  siteOwnsThemeMermaid: boolean,
): SourceLocation | undefined {
  const name = siteOwnsThemeMermaid ? 'mermaidButImport' : 'mermaid';
  return firstMermaidUse(sources, siteOwnsThemeMermaid, (source) =>
    textFact(source, name, (s) => mermaidUseLine(s.text, siteOwnsThemeMermaid)),
  );
}
