import { fenceAfter } from './fence-lines';
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
    if (!fenced.has(line)) found.push({ source: stringValue(match[1]!), line });
  }
  return found;
}

const escapes: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', 0: '\0' };

/**
 * A string literal's text as JavaScript reads it: `'./\_x.md'` (as Prettier writes it in MDX) is `./_x.md`, since
 * an escaped character that means nothing special is the character itself.
 */
function stringValue(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(
    /\\(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|([\s\S]))/g,
    (_, point?: string, unit?: string, byte?: string, char?: string) => {
      const code = point ?? unit ?? byte;
      return code !== undefined ? String.fromCodePoint(Number.parseInt(code, 16)) : (escapes[char!] ?? char!);
    },
  );
}

function fencedLines(body: string): Set<number> {
  const fenced = new Set<number>();
  let fence: string | undefined;
  body.split('\n').forEach((line, i) => {
    const inside = fence !== undefined;
    fence = fenceAfter(line, fence);
    if (inside || fence !== undefined) fenced.add(i + 1);
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
