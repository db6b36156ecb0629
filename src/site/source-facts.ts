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
 * A file's front matter parsed (`parse`: `parseFrontMatterPart`, or the front-matter stage wrapping it), kept as a
 * fact: a file taken from the content record gives it without the stage's key (a digest of the file) or its store.
 * A part JSON shows as it is (most are: strings, numbers, lists) is kept as JSON, which the record's entry already
 * parsed; another (a YAML date, `.nan`) in V8's serialized form (base64), as the stage's store keeps it, read back as
 * a fresh copy. This module imports the parser, so the record's version (this module's graph) is the parser's too.
 * `taken` is told when the fact gave it.
 */
export function frontMatterPartOf(
  source: SourceFile,
  parse: (source: SourceFile) => FrontMatterPart = parseFrontMatterPart,
  taken?: () => void,
): FrontMatterPart {
  let parsed: FrontMatterPart | undefined;
  const kept = textFact<SourceFile, KeptPart>(source, 'frontMatter', (s) => {
    parsed = parse(s);
    return isJsonShown(parsed) ? { json: parsed } : { v8: serialize(parsed).toString('base64') };
  });
  if (parsed) return parsed;
  if ('json' in kept) {
    taken?.();
    return kept.json;
  }
  try {
    const part = deserialize(Buffer.from(kept.v8, 'base64')) as FrontMatterPart;
    taken?.();
    return part;
  } catch {
    // Written by another V8 (a cache folder shared with another Node): parsed again, the same part.
    return parse(source);
  }
}

/** A parsed front matter as a fact: as it is when JSON gives it back the same, else serialized by V8. */
type KeptPart = { json: FrontMatterPart } | { v8: string };

/**
 * Whether JSON gives `value` back the same: plain objects and lists of strings, finite numbers (not -0), booleans
 * and null, no `undefined` (JSON drops it) and no `__proto__` key (JSON.parse makes it an own key).
 */
function isJsonShown(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!(i in value) || !isJsonShown(value[i])) return false;
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key of Object.keys(value)) {
    if (key === '__proto__' || !isJsonShown((value as Record<string, unknown>)[key])) return false;
  }
  return true;
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
