import * as z from 'zod';
import { formatKeyPath } from '../config/describe-issue';
import { DocsItError } from '../errors';
import { upstreamRefSchema } from '../translations/upstream-ref';
import type { DiscoveredContent } from './discover';
import { checkedFrontMatter, dateStart, plainId, plainSlug } from './front-matter-check';
import { letGoOfText, onLetGo, placeOfText } from './held-texts';
import { plainFrontMatter } from './plain-front-matter';
import type { ParsedSource, SourceFile } from './source-file';
import { type BodyPlace, bodyOfText, normalizedContentText } from './text-again';
import { shareFacts } from './text-facts';
import { yamlModule } from './yaml-module';

const common = {
  id: z.string().regex(plainId, 'an id is one name, without "/" (the folder is added to it)').optional(),
  title: z.string().min(1).optional(),
  description: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  image: z.string().optional(),
  slug: z.string().regex(plainSlug, 'a slug cannot contain ?, # or control characters').optional(),
  draft: z.boolean().optional(),
  unlisted: z.boolean().optional(),
  hide_title: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  /** The upstream page this one translates (and the commit it was checked against), or `none`. */
  upstream: upstreamRefSchema.optional(),
  /** Docusaurus: where the "edit this page" link leads instead of the config's `editUrl`; null for no link. */
  custom_edit_url: z.string().nullable().optional(),
};

const docSchema = z.looseObject({
  ...common,
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  // Docusaurus: the doc id shown as previous/next instead of the sidebar's neighbour, or null for none.
  pagination_prev: z.string().nullable().optional(),
  pagination_next: z.string().nullable().optional(),
  pagination_label: z.string().optional(),
  sidebar_class_name: z.string().optional(),
  /** Data for a site's own sidebar components; Docusaurus's default theme does not show it either. */
  sidebar_custom_props: z.record(z.string(), z.unknown()).optional(),
  /** Docusaurus: the sidebar shown beside the page (one it is not in, say), or null for none. */
  displayed_sidebar: z.string().nullable().optional(),
  /** Docusaurus: when and by whom the page was last changed, shown at its end. */
  last_update: z
    .strictObject({
      date: z.union([z.string().regex(dateStart, 'expected a date such as 2023-06-14'), z.date()]).optional(),
      author: z.string().optional(),
    })
    .optional(),
});

const authorRef = z.union([
  z.string(),
  z.object({
    name: z.string(),
    title: z.string().optional(),
    url: z.string().optional(),
    image_url: z.string().optional(),
  }),
]);

const blogSchema = z.looseObject({
  ...common,
  authors: z.union([authorRef, z.array(authorRef)]).optional(),
  tags: z.array(z.string()).optional(),
  date: z.union([z.string().regex(dateStart, 'expected a date such as 2023-06-14'), z.date()]).optional(),
});

const pageSchema = z.looseObject({
  ...common,
  /** `releases`: the page lists the releases of `content/data/releases.ts` after its content. */
  layout: z.enum(['releases']).optional(),
  hero: z
    .object({
      title: z.string(),
      tagline: z.string(),
      actions: z
        .array(
          z.object({
            label: z.string(),
            href: z.string(),
            variant: z.enum(['primary', 'secondary']).default('primary'),
          }),
        )
        .default([]),
    })
    .optional(),
});

export type DocFrontMatter = z.output<typeof docSchema>;
export type BlogFrontMatter = z.output<typeof blogSchema>;
export type PageFrontMatter = z.output<typeof pageSchema>;

const schemas = { docs: docSchema, blog: blogSchema, pages: pageSchema } as const;

/**
 * What parsing a file's front matter finds, without the file's text: what the cache keeps across builds (the
 * page's text is in the content folder already). `withFrontMatter` makes the parsed source from it again.
 */
export interface FrontMatterPart {
  frontMatter: Record<string, unknown>;
  keyLines: Record<string, number>;
  unknownKeys?: string[];
  /** Characters of the (normalized) text the front matter takes, and its lines, which the body keeps blank. */
  headChars: number;
  headLines: number;
}

/** A BOM or CRLF line endings must not change how the file reads. */
function normalizedText(source: SourceFile): string {
  return normalizedContentText(source.text);
}

/** The front matter a text starts with: its YAML, and what of the text it takes (through the closing `---`). */
export interface FrontMatterHead {
  yaml: string;
  /** Characters of the text it takes, up to the closing `---` (and its spaces), not that line's end. */
  chars: number;
  /** Line ends within those characters: the lines before the closing `---`'s. */
  lines: number;
}

/**
 * The front matter a normalized text (`normalizedContentText`) starts with: a line `---`, YAML, a line `---`.
 * `unclosed` for a text that opens one and never closes it (`parseFrontMatter` says where); undefined for a text
 * without one. The one reading of where front matter ends: whoever needs a text without it asks here.
 */
export function frontMatterHead(text: string): FrontMatterHead | 'unclosed' | undefined {
  const match = /^---[ \t]*\n([\s\S]*?)\n?^---[ \t]*$/m.exec(text);
  if (match?.index !== 0) return /^---[ \t]*\n/.test(text) ? 'unclosed' : undefined;
  const chars = match[0].length;
  return { yaml: match[1] ?? '', chars, lines: text.slice(0, chars).split('\n').length - 1 };
}

/**
 * From this many pages on, a build is taken to parse YAML without looking: the look (every page's front matter read
 * plainly, about 3 µs a page) costs more than loading the library (about 10 ms).
 */
export const pagesAssumedToReadYaml = 2000;

/**
 * Whether building this content parses YAML: an authors file, a category file in YAML, or a page's front matter the
 * plain reader does not take (`plainFrontMatter`); assumed for a site of `pagesAssumedToReadYaml` pages. Reads every
 * page's text: for a build that holds them all.
 */
export function contentReadsYaml(discovered: DiscoveredContent): boolean {
  if (discovered.authors || discovered.categories.some((category) => /\.ya?ml$/.test(category.file))) return true;
  if (discovered.sources.length >= pagesAssumedToReadYaml) return true;
  return discovered.sources.some((source) => {
    const head = frontMatterHead(normalizedText(source));
    return head !== undefined && head !== 'unclosed' && plainFrontMatter(head.yaml) === undefined;
  });
}

/**
 * A content file's text without its front matter nor the line end after it (a fragment's content), or the text
 * as it is when it has none (an unclosed one included: the page that has it says so).
 */
export function withoutFrontMatter(text: string): string {
  if (!text.startsWith('---', text.charCodeAt(0) === 0xfeff ? 1 : 0)) return text;
  const normal = normalizedContentText(text);
  const head = frontMatterHead(normal);
  return typeof head === 'object' ? normal.slice(head.chars + 1) : text;
}

/** Splits off and validates the YAML front matter of a content file; errors carry file:line:column. */
export function parseFrontMatter(source: SourceFile): ParsedSource {
  return withFrontMatter(source, parseFrontMatterPart(source));
}

/** What a parsed source keeps to make its text and body when asked: the file's source, and both once made. */
const parsedFrom = Symbol('parsed from');
type LazyParsedSource = ParsedSource & {
  [parsedFrom]: { source: SourceFile; part: FrontMatterPart; text: string | undefined; body: string | undefined };
};

/** The parsed source of `source`, given what parsing its front matter found. */
export function withFrontMatter(source: SourceFile, part: FrontMatterPart): ParsedSource {
  // The text and the body are made when first asked for: a file taken from the content record is read only
  // when a stage needs its text (see `text-facts.ts`). One shape and one pair of getters for every page (a large
  // site has 100,000): the state under a symbol a copy does not take, not in closures.
  const parsed = { file: source.file, relPath: source.relPath, section: source.section } as LazyParsedSource;
  Object.defineProperty(parsed, parsedFrom, { value: { source, part, text: undefined, body: undefined } });
  Object.defineProperty(parsed, 'text', { enumerable: true, get: parsedText });
  parsed.frontMatter = part.frontMatter;
  Object.defineProperty(parsed, 'body', { enumerable: true, get: parsedBody });
  parsed.keyLines = part.keyLines;
  if (part.unknownKeys) parsed.unknownKeys = part.unknownKeys;
  shareFacts(source, parsed);
  onLetGo(parsed, letGoOfParsed);
  return parsed;
}

function parsedText(this: LazyParsedSource): string {
  const state = this[parsedFrom];
  state.text ??= normalizedText(state.source);
  return state.text;
}

function parsedBody(this: LazyParsedSource): string {
  const state = this[parsedFrom];
  const { part } = state;
  state.body ??= bodyOfText(this.text, part.headChars, part.headLines);
  return state.body;
}

/**
 * Where a parsed source's body is when neither it nor its file's source holds its text (a large build lets every
 * page's go: `SiteOptions.keepPages`), for a compile worker to read it there (`readBody`); counted as read. Undefined
 * while a text is held, or for a source that cannot say where its text is (a test's).
 */
export function bodyPlaceOf(parsed: ParsedSource): BodyPlace | undefined {
  const state = (parsed as Partial<LazyParsedSource>)[parsedFrom];
  if (!state || state.body !== undefined || state.text !== undefined) return undefined;
  const place = placeOfText(state.source);
  return place && { ...place, headChars: state.part.headChars, headLines: state.part.headLines };
}

function letGoOfParsed(holder: object): void {
  const state = (holder as LazyParsedSource)[parsedFrom];
  state.text = undefined;
  state.body = undefined;
  letGoOfText(state.source);
}

/** The front matter of a content file parsed and validated, without its text; errors carry file:line:column. */
export function parseFrontMatterPart(source: SourceFile): FrontMatterPart {
  const head = frontMatterHead(normalizedText(source));
  if (head === 'unclosed') {
    throw new DocsItError(
      'front matter is not closed',
      { file: source.file, line: 1, column: 1 },
      'Close the front matter with a line containing only `---`.',
    );
  }
  if (head === undefined) return { frontMatter: {}, keyLines: {}, headChars: 0, headLines: 0 };
  const yamlText = head.yaml;
  const { data, keyLines } = plainFrontMatter(yamlText) ?? yamlFrontMatter(yamlText, source.file);
  const frontMatter =
    checkedFrontMatter(source.section, shapeKeys[source.section], data) ?? zodFrontMatter(source, data, keyLines);
  const part: FrontMatterPart = { frontMatter, keyLines, headChars: head.chars, headLines: head.lines };
  const known = schemas[source.section].shape;
  const unknownKeys = Object.keys(data as object).filter((key) => !Object.hasOwn(known, key));
  if (unknownKeys.length > 0) part.unknownKeys = unknownKeys;
  // A copy: the parser's strings are slices of the file's text, which they would keep whole for as long as the
  // model holds the front matter (a build lets each text go once its page is compiled, see `held-texts.ts`). The
  // same copy as a warm build's, which reads the part back from the cache.
  return structuredClone(part);
}

/** Each section's schema's keys, in its order: the order of zod's output (see `checkedFrontMatter`). */
const shapeKeys = {
  docs: Object.keys(docSchema.shape),
  blog: Object.keys(blogSchema.shape),
  pages: Object.keys(pageSchema.shape),
};

/**
 * A section's front matter as `parseFrontMatterPart` checks it, both ways (for the tests that compare them): the
 * check without zod (undefined where it leaves the data to zod) and zod's `safeParse`.
 */
export function frontMatterChecks(section: SourceFile['section'], data: unknown) {
  return {
    quick: checkedFrontMatter(section, shapeKeys[section], data),
    zod: schemas[section].safeParse(data, { reportInput: true }),
  };
}

/** The front matter checked by zod: its output, or the error of its first issue, at its key's line. */
function zodFrontMatter(source: SourceFile, data: unknown, keyLines: Record<string, number>): Record<string, unknown> {
  const result = schemas[source.section].safeParse(data, { reportInput: true });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const key = formatKeyPath(issue.path);
    const top = typeof issue.path[0] === 'string' ? issue.path[0] : '';
    throw new DocsItError(
      `front matter ${key ? `"${key}"` : ''}: ${describe(issue)}`,
      { file: source.file, line: keyLines[top] ?? 2, column: 1 },
      'Fix the value of this front matter key (see WRITING.md for the keys and their types).',
    );
  }
  return result.data as Record<string, unknown>;
}

/**
 * A YAML file's value (`content/blog/authors.yml`), by the same YAML as front matter: the front matter's stage keeps
 * it by the file's text, so a build whose file is unchanged parses no YAML for it (a process's first parse costs
 * several milliseconds). Throws YAML's own error, with its position.
 */
export function yamlFileData(file: { file: string; text: string }): unknown {
  return yamlModule().parse(file.text);
}

/** The front matter read by YAML (1.2, its core schema): its value, and the line of each key in the file. */
export function yamlFrontMatter(yamlText: string, file: string): { data: unknown; keyLines: Record<string, number> } {
  const { isMap, isScalar, LineCounter, parseDocument } = yamlModule();
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const pos = lineCounter.linePos(yamlError.pos[0]);
    throw new DocsItError(
      `invalid front matter: ${yamlError.message.split('\n')[0]}`,
      { file, line: pos.line + 1, column: pos.col },
      'Fix the YAML between the `---` lines (quote values that contain ":" or start with special characters).',
    );
  }
  const keyLines: Record<string, number> = {};
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (isScalar(pair.key) && pair.key.range)
        keyLines[String(pair.key.value)] = lineCounter.linePos(pair.key.range[0]).line + 1;
    }
  } else if (doc.contents !== null) {
    throw new DocsItError(
      'front matter must be a list of `key: value` pairs',
      { file, line: 2, column: 1 },
      'Write the front matter as YAML keys and values.',
    );
  }
  try {
    return { data: doc.toJS() ?? {}, keyLines };
  } catch (error) {
    // The YAML library refuses to expand aliases exponentially (a "billion laughs" document).
    throw new DocsItError(
      `invalid front matter: ${(error as Error).message}`,
      { file, line: 2, column: 1 },
      'Write the values out instead of repeating them through YAML aliases (&name / *name).',
    );
  }
}

/** The front matter keys a section knows, for the "did you mean" of an unknown key. */
export function knownFrontMatterKeys(section: keyof typeof schemas): string[] {
  return Object.keys(schemas[section].shape);
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_type') return issue.message;
  const got = issue.input === undefined ? '' : `, got ${Array.isArray(issue.input) ? 'array' : typeof issue.input}`;
  return `expected ${issue.expected}${got}`;
}
