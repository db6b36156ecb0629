import { DocsItError } from '../errors';

/**
 * Limits checked before a page is parsed, so an input that would take minutes and gigabytes (a 5 MB page, a
 * 100,000-row table) or overflow the stack (quotes or lists nested hundreds deep) is a clear error at once.
 * Each is far above anything a documentation page needs.
 */
export const pageLimits = { chars: 2_000_000, lines: 40_000, quoteDepth: 100, indentColumns: 400 };

/** Throws, located, when a page's markdown is beyond what docs-it compiles (its lines are the file's lines). */
export function checkPageLimits(body: string, file: string): void {
  if (body.length > pageLimits.chars) {
    const millions = (body.length / 1_000_000).toFixed(1);
    throw new DocsItError(
      `the page is ${millions} million characters long (at most ${pageLimits.chars / 1_000_000} million)`,
      { file, line: 1, column: 1 },
      'Split it into several pages, or link to the data as a file in content/static.',
    );
  }
  const lines = body.split('\n');
  if (lines.length > pageLimits.lines) {
    throw new DocsItError(
      `the page has ${lines.length} lines (at most ${pageLimits.lines})`,
      { file, line: pageLimits.lines, column: 1 },
      'Split it into several pages, or link to the data as a file in content/static.',
    );
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const quotes = /^[ \t]*(?:>[ \t]?)*/.exec(line)![0].split('>').length - 1;
    const indent = /^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length;
    if (quotes > pageLimits.quoteDepth || indent > pageLimits.indentColumns) {
      throw new DocsItError(
        quotes > pageLimits.quoteDepth
          ? `block quotes nested ${quotes} deep (at most ${pageLimits.quoteDepth})`
          : `a line indented by ${indent} columns (at most ${pageLimits.indentColumns}): lists nested too deep`,
        { file, line: i + 1, column: 1 },
        'Flatten the structure: nesting this deep cannot be read, and would exhaust the compiler.',
      );
    }
  }
}
