import type { PatternScanner, RegexEngine } from 'shiki/core';

type Pattern = Parameters<RegexEngine['createScanner']>[0][number];
type Text = Parameters<PatternScanner['findNextMatchSync']>[0];
type Match = NonNullable<ReturnType<PatternScanner['findNextMatchSync']>>;

const keyOf = (pattern: Pattern) => (typeof pattern === 'string' ? pattern : `${pattern.source}\u0000${pattern.flags}`);

/** A compiled scanner of a run of patterns, with its users: disposed when the last one lets it go. */
interface Piece {
  key: string;
  keys: readonly string[];
  scanner: PatternScanner;
  users: number;
}

/** A run of a list's patterns searched with a piece: the run starts at the list's `offset`-th pattern. */
interface Part {
  piece: Piece;
  offset: number;
}

export interface SharingOptions {
  /** The fewest patterns of a compiled run that a new list searches with it instead of compiling them again. */
  minRun?: number;
  /** A list that would be searched in more pieces than this is compiled whole. */
  maxPieces?: number;
  /** A list searched in pieces this many times is compiled whole: one search of all its patterns is cheaper. */
  compileAfter?: number;
}

/**
 * A regular-expression engine that compiles a run of patterns once however many grammar rules search with it.
 * vscode-textmate compiles a scanner for each rule's list of patterns (and per anchor variant of a rule), and a
 * grammar's lists repeat each other: a rule's end pattern, then the patterns of the rules it includes, which other
 * rules include too (TSX and TypeScript share most). Compiling is most of a grammar's first use, and most of the
 * patterns a site's lists held were compiled before (docs/measurements.md, h112). So a new list is searched as runs
 * of patterns already compiled (each compiled as a scanner of its own) and, between them, runs compiled for it,
 * which later lists use in turn. A search of the pieces gives what the list's own scanner gives (Oniguruma's: the
 * leftmost match, of the patterns matching there the first): the leftmost of the pieces' matches, the first piece's
 * of those there. A list searched often gets a scanner of its own (`compileAfter`), so matching, most of a large
 * site's highlighting, is one search as before. A scanner keeps no state a caller depends on (vscode-textmate already
 * calls one scanner at any position of any line; Oniguruma's own cache is checked against the string and the
 * position).
 */
export function sharingScanners(engine: RegexEngine, options: SharingOptions = {}): RegexEngine {
  // Chosen on the real site and the synthetic one (docs/measurements.md, h112): compiled whole after fewer searches,
  // the real site compiled more again; after more, the synthetic site's hot lists were searched in pieces longer.
  const { minRun = 2, maxPieces = 16, compileAfter = 1024 } = options;
  /** Every compiled piece, by its patterns' keys. */
  const pieces = new Map<string, Piece>();
  /** The pieces each pattern is in, with its place in each. */
  const placesOf = new Map<string, [Piece, number][]>();
  /** How often each list was searched in pieces, by its key. */
  const searched = new Map<string, number>();

  const compile = (keys: readonly string[], patterns: readonly Pattern[]): Piece => {
    const key = JSON.stringify(keys);
    let piece = pieces.get(key);
    if (!piece) {
      piece = { key, keys, scanner: engine.createScanner([...patterns]), users: 0 };
      pieces.set(key, piece);
      for (let i = 0; i < keys.length; i++) {
        const places = placesOf.get(keys[i]!);
        if (places) places.push([piece, i]);
        else placesOf.set(keys[i]!, [[piece, i]]);
      }
    }
    piece.users++;
    return piece;
  };
  const release = (piece: Piece) => {
    if (--piece.users > 0) return;
    pieces.delete(piece.key);
    for (const key of new Set(piece.keys)) {
      const places = placesOf.get(key)!.filter(([other]) => other !== piece);
      if (places.length > 0) placesOf.set(key, places);
      else placesOf.delete(key);
    }
    piece.scanner.dispose?.();
  };

  /** A list's pieces: the longest runs of it already compiled, and the runs between them compiled. */
  const partsOf = (listKey: string, keys: readonly string[], patterns: readonly Pattern[]): Part[] => {
    if (pieces.has(listKey) || keys.length === 0) return [{ piece: compile(keys, patterns), offset: 0 }];
    const runs: { offset: number; length: number }[] = [];
    for (let i = 0; i < keys.length; ) {
      let longest = 0;
      for (const [piece, at] of placesOf.get(keys[i]!) ?? []) {
        let length = 1;
        while (i + length < keys.length && piece.keys[at + length] === keys[i + length]) length++;
        longest = Math.max(longest, length);
      }
      if (longest >= minRun) {
        runs.push({ offset: i, length: longest });
        i += longest;
      } else i++;
    }
    const bounds: number[] = [0];
    for (const { offset, length } of runs) bounds.push(offset, offset + length);
    bounds.push(keys.length);
    const cuts = [...new Set(bounds)].sort((a, b) => a - b);
    if (cuts.length - 1 > maxPieces) return [{ piece: compile(keys, patterns), offset: 0 }];
    const parts: Part[] = [];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const [from, to] = [cuts[i]!, cuts[i + 1]!];
      parts.push({ piece: compile(keys.slice(from, to), patterns.slice(from, to)), offset: from });
    }
    return parts;
  };

  /** What the list's own scanner would find: the leftmost match, of those there the first pattern's. */
  const searchParts = (parts: readonly Part[], text: Text, start: number, findOptions: number): Match | null => {
    let best: Match | null = null;
    let bestStart = Number.POSITIVE_INFINITY;
    for (const { piece, offset } of parts) {
      const match = piece.scanner.findNextMatchSync(text, start, findOptions);
      if (!match) continue;
      const at = match.captureIndices[0]!.start;
      if (at < bestStart) {
        best = { index: offset + match.index, captureIndices: match.captureIndices };
        bestStart = at;
        // Nothing starts before the search does.
        if (at <= start) break;
      }
    }
    return best;
  };

  return {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      const keys = patterns.map(keyOf);
      const listKey = JSON.stringify(keys);
      let parts = partsOf(listKey, keys, patterns);
      let disposed = false;
      return {
        findNextMatchSync(text, start, findOptions) {
          if (parts.length === 1) return parts[0]!.piece.scanner.findNextMatchSync(text, start, findOptions);
          const times = (searched.get(listKey) ?? 0) + 1;
          searched.set(listKey, times);
          if (times > compileAfter || pieces.has(listKey)) {
            const whole = compile(keys, patterns);
            for (const { piece } of parts) release(piece);
            parts = [{ piece: whole, offset: 0 }];
            return whole.scanner.findNextMatchSync(text, start, findOptions);
          }
          return searchParts(parts, text, start, findOptions);
        },
        dispose() {
          if (disposed) return;
          disposed = true;
          for (const { piece } of parts) release(piece);
        },
      };
    },
  };
}
