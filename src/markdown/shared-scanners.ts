import type { PatternScanner, RegexEngine } from 'shiki/core';

/**
 * A regular-expression engine whose scanners are shared by every grammar rule that compiles the same patterns.
 * vscode-textmate compiles a scanner per rule (and per anchor variant of a rule), and grammars repeat each other's
 * rules (TSX and TypeScript, a grammar's repository included in several places): compiling a scanner is most of
 * a grammar's first use, and the same list of patterns was compiled again for each rule. A scanner keeps no state
 * a caller depends on (vscode-textmate already calls one scanner at any position of any line), so rules may share
 * it; it is disposed when the last rule using it disposes its own (a rule whose end pattern refers to its begin
 * compiles a new list for each text it meets).
 */
export function sharingScanners(engine: RegexEngine): RegexEngine {
  const shared = new Map<string, { scanner: PatternScanner; users: number }>();
  return {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      const key = JSON.stringify(
        patterns.map((pattern) => (typeof pattern === 'string' ? pattern : [pattern.source, pattern.flags])),
      );
      let entry = shared.get(key);
      if (!entry) {
        entry = { scanner: engine.createScanner(patterns), users: 0 };
        shared.set(key, entry);
      }
      entry.users++;
      const { scanner } = entry;
      let disposed = false;
      return {
        findNextMatchSync: (text, start, options) => scanner.findNextMatchSync(text, start, options),
        dispose() {
          if (disposed) return;
          disposed = true;
          if (--entry.users > 0) return;
          shared.delete(key);
          scanner.dispose?.();
        },
      };
    },
  };
}
