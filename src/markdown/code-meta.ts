/** What a fenced code block's meta string says. */
export interface CodeMeta {
  title?: string;
  /** Lines to mark, ascending (1-based). */
  highlightLines: number[];
  showLineNumbers: boolean;
}

/** Parses `title="main.rs" {1,3-5} showLineNumbers`. */
export function parseCodeMeta(meta: string | undefined | null): CodeMeta {
  const result: CodeMeta = { highlightLines: [], showLineNumbers: false };
  if (!meta) return result;
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (title) result.title = title[1] ?? title[2] ?? title[3];
  const rest = meta.replace(/title=(?:"[^"]*"|'[^']*'|\S+)/, '');
  const ranges = /\{([\d,\s-]+)\}/.exec(rest);
  if (ranges) {
    const lines = new Set<number>();
    for (const part of ranges[1]!.split(',')) {
      const [from, to] = part.trim().split('-').map(Number);
      if (from === undefined || Number.isNaN(from)) continue;
      const end = to === undefined || Number.isNaN(to) ? from : to;
      // A typo such as {1-100000} must not allocate a huge list.
      for (let n = from; n <= Math.min(end, from + 10_000); n++) lines.add(n);
    }
    result.highlightLines = [...lines].sort((a, b) => a - b);
  }
  result.showLineNumbers = /(^|\s)showLineNumbers(\s|$|=)/.test(rest);
  return result;
}
