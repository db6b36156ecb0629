import { deserialize, serialize } from 'node:v8';
import { digestOfString } from '../cache/digest';
import { themeNamesIn } from '../config/site-theme-files';
import { type FrontMatterPart, parseFrontMatterPart } from '../content/front-matter';
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

/**
 * A content file's front matter, parsed and checked, kept in the content record: a file taken from the record is
 * not read (the front matter's own cache, whose key, lookup and decoding were most of the model stage of a warm
 * build, no longer keeps pages at all). Kept as it is when JSON gives it back the same (nearly always), else as
 * V8's serialization (a blog post's `date` may be a `Date`). `parse` is `parseFrontMatterPart` (the tests count its
 * calls); imported here, that parser is part of the record's code, so a change to it makes a new record.
 */
export function frontMatterPartOf(
  source: SourceFile,
  parse: (source: SourceFile) => FrontMatterPart = parseFrontMatterPart,
): FrontMatterPart {
  let parsed: FrontMatterPart | undefined;
  const kept = textFact<SourceFile, unknown>(source, 'frontMatter', (s) => {
    parsed = parse(s);
    // A copy: the record's value is not the object the model takes.
    return isPlainJson(parsed) ? JSON.parse(JSON.stringify(parsed)) : serialize(parsed).toString('base64');
  });
  if (parsed) return parsed;
  if (isFrontMatterPart(kept)) return kept;
  try {
    const part: unknown = typeof kept === 'string' ? deserialize(Buffer.from(kept, 'base64')) : undefined;
    if (isFrontMatterPart(part)) return part;
  } catch {
    // Written by another V8 (a cache folder shared between two versions of Node): parsed again below.
  }
  return parse(source);
}

/** Whether JSON gives `value` back as it is: plain objects and arrays of strings, finite numbers, booleans, null. */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!(i in value) || !isPlainJson(value[i])) return false;
    return true;
  }
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key of Object.keys(value)) if (!isPlainJson((value as Record<string, unknown>)[key])) return false;
  return true;
}

/** Whether a value read back from the record has a front matter part's layout. */
function isFrontMatterPart(value: unknown): value is FrontMatterPart {
  if (typeof value !== 'object' || value === null) return false;
  const part = value as Record<string, unknown>;
  return (
    typeof part.frontMatter === 'object' &&
    part.frontMatter !== null &&
    typeof part.keyLines === 'object' &&
    part.keyLines !== null &&
    typeof part.headChars === 'number' &&
    typeof part.headLines === 'number'
  );
}

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
