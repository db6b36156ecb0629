/** What a fenced code block's meta string says. */
export interface CodeMeta {
  title?: string;
  highlightLines: Set<number>;
  showLineNumbers: boolean;
}

/** Parses `title="main.rs" {1,3-5} showLineNumbers`. */
export function parseCodeMeta(meta: string | undefined | null): CodeMeta {
  const result: CodeMeta = { highlightLines: new Set(), showLineNumbers: false };
  if (!meta) return result;
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (title) result.title = title[1] ?? title[2] ?? title[3];
  const rest = meta.replace(/title=(?:"[^"]*"|'[^']*'|\S+)/, '');
  const ranges = /\{([\d,\s-]+)\}/.exec(rest);
  if (ranges) {
    for (const part of ranges[1]!.split(',')) {
      const [from, to] = part.trim().split('-').map(Number);
      if (from === undefined || Number.isNaN(from)) continue;
      const end = to === undefined || Number.isNaN(to) ? from : to;
      // A typo such as {1-100000} must not allocate a huge set.
      for (let n = from; n <= Math.min(end, from + 10_000); n++) result.highlightLines.add(n);
    }
  }
  result.showLineNumbers = /(^|\s)showLineNumbers(\s|$|=)/.test(rest);
  return result;
}
