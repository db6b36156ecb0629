import { resolveFrom } from './posix-paths';

/** An `import … from '…'` statement of an MDX file, by its source and line. */
export interface ImportLine {
  source: string;
  line: number;
}

// Default, named (on several lines too) and namespace imports, and bare `import 'x'`.
const importStatement = /^import\s+(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"\n]+)['"]/gm;

/** The import statements of an MDX file's text, outside fenced code (where they are examples, not imports). */
export function importsOf(body: string): ImportLine[] {
  if (!body.includes('import')) return [];
  const fenced = fencedLines(body);
  const found: ImportLine[] = [];
  for (const match of body.matchAll(importStatement)) {
    const line = body.slice(0, match.index).split('\n').length;
    if (!fenced.has(line)) found.push({ source: unescapeString(match[1]!), line });
  }
  return found;
}

const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/**
 * A string literal's text as JavaScript reads it: `'./\_parte.md'` (an underscore Prettier escapes in Markdown)
 * names `./_parte.md`, as the MDX compiler reads the same import.
 */
function unescapeString(raw: string): string {
  return raw.replace(/\\(u\{[\da-fA-F]+\}|u[\da-fA-F]{4}|x[\da-fA-F]{2}|.)/g, (_, escaped: string) => {
    if (escaped.length === 1) return escapes[escaped] ?? escaped;
    return String.fromCodePoint(Number.parseInt(escaped.replace(/^[ux]\{?|\}$/g, ''), 16));
  });
}

function fencedLines(body: string): Set<number> {
  const fenced = new Set<number>();
  let fence: string | undefined;
  body.split('\n').forEach((line, i) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
      fenced.add(i + 1);
    } else if (fence !== undefined) fenced.add(i + 1);
  });
  return fenced;
}

/**
 * An import's source as every file names it: a relative path (`./Box`, from the page or from a fragment
 * inlined into it) becomes the `@site/` path it means, so the same module has one name site-wide.
 */
export function siteSpecifier(source: string, fromFile: string): string {
  return /^\.{1,2}\//.test(source) ? `@site/${resolveFrom(fromFile, source)}` : source;
}

/** Whether an import names a markdown fragment (inlined into the page, not run as code). */
export function isFragmentImport(source: string): boolean {
  return /^(?:\.{1,2}\/|@site\/).*\.mdx?$/.test(source);
}
