import type { HighlighterCore } from 'shiki/core';

type Grammar = ReturnType<HighlighterCore['getLanguage']>;
type TokenizeLine2 = Grammar['tokenizeLine2'];
type StateStack = Parameters<TokenizeLine2>[1];
type LineResult = ReturnType<TokenizeLine2>;

/** The fields of vscode-textmate's state frames that decide how the next line is read (see `stateKey`). */
interface StateFrame {
  parent: StateFrame | null;
  ruleId: unknown;
  endRule: string | null;
  beginRuleCapturedEOL: boolean;
  nameScopesList: { toString(): string } | null;
  contentNameScopesList: { toString(): string } | null;
}

const isFrame = (state: unknown): state is StateFrame =>
  typeof state === 'object' && state !== null && 'ruleId' in state && 'parent' in state && 'endRule' in state;

/**
 * A text naming everything of a state that the grammar reads: two states with the same key tokenize every line
 * alike. The key is only a hint: a state is shared only when the grammar's own `equals` agrees too.
 */
function stateKey(state: StateFrame): string {
  let key = '';
  for (let frame: StateFrame | null = state; frame; frame = frame.parent) {
    key += `${String(frame.ruleId)}\u0001${frame.endRule ?? ''}\u0001${frame.beginRuleCapturedEOL ? 1 : 0}\u0001`;
    key += `${frame.nameScopesList?.toString() ?? ''}\u0001${frame.contentNameScopesList?.toString() ?? ''}\u0002`;
  }
  return key;
}

/**
 * What a grammar remembers in each of its two generations (see `rememberLineTokens`), in bytes as `entryBytes`
 * counts them: about 2,500 lines of code of a usual length. Documentation's repeated lines (`}`, imports, the same
 * commands) are met again long before that many others are read; a memory of every line instead grew a compile
 * worker's heap by about 1.7 KB a line (docs/measurements.md, h110's section).
 */
export const bytesPerGeneration = 4 * 1024 * 1024;

/**
 * What remembering a line costs, about: its key, its tokens, their object and map entry, and the HTML the
 * highlighter writes for them (kept while the tokens are), which grows with the line.
 */
const entryBytes = (line: string, tokens: Uint32Array) => 1024 + 16 * line.length + tokens.byteLength;

/** Lines remembered by the state they start in (a state found again by identity: see `rememberLineTokens`). */
type Remembered = Map<StateStack, Map<string, LineResult>>;

/**
 * Makes a grammar remember the tokens of the lines it read, by the state each line started in: documentation
 * repeats lines (`}`, imports, the same commands), and reading a line is most of highlighting. The state a line
 * ends in is replaced by an equal one met before, so the lines after it are found again too. What it remembers is
 * bounded, not what a site has: lines (and states) go into a young generation, and when that holds `bytesKept`
 * bytes of lines (`entryBytes`) it becomes the old one and the one before it is forgotten; a line found in the old
 * generation is remembered in the young one again. So a line met in each such stretch stays, and a line read
 * once (a page's own) goes after two stretches: a compile worker no longer holds every line of the pages it
 * compiled. With `shapes` (asked again after each forgetting), lines are remembered by their shape: a page's own
 * numbers (`fn comando_3612`) that the grammars cannot tell apart give a line read already, whose tokens are the
 * same (offsets, not text: the caller writes each line's own text). Returns a function that forgets everything (a
 * grammar loaded later may inject into this one and change its tokens).
 */
export function rememberLineTokens(
  grammar: Grammar,
  bytesKept = bytesPerGeneration,
  shapes?: () => ((line: string) => string) | null,
): () => void {
  const read: TokenizeLine2 = grammar.tokenizeLine2.bind(grammar);
  /** A line's key: its shape when the grammars cannot tell some digits apart (`digitShapes`), else the line. */
  let shapeOf: ((line: string) => string) | null | undefined;
  let young: Remembered = new Map();
  let old: Remembered = new Map();
  /** The state each key names, young and old alike: an equal state met later is replaced by it. */
  let shared = new Map<string, StateStack>();
  let oldShared = new Map<string, StateStack>();
  let bytes = 0;
  const forget = () => {
    shapeOf = undefined;
    young = new Map();
    old = new Map();
    shared = new Map();
    oldShared = new Map();
    bytes = 0;
  };
  const remember = (state: StateStack, key: string, line: string, result: LineResult) => {
    const cost = entryBytes(line, result.tokens);
    bytes += cost;
    if (bytes > bytesKept) {
      old = young;
      oldShared = shared;
      young = new Map();
      shared = new Map();
      bytes = cost;
    }
    let ofState = young.get(state);
    if (!ofState) {
      ofState = new Map();
      young.set(state, ofState);
    }
    ofState.set(key, result);
  };
  grammar.tokenizeLine2 = (line, state, timeLimit) => {
    if (shapeOf === undefined) shapeOf = shapes?.() ?? null;
    const lineKey = shapeOf ? shapeOf(line) : line;
    const known = young.get(state)?.get(lineKey);
    if (known) return known;
    const older = old.get(state)?.get(lineKey);
    if (older) {
      // Met again: kept another stretch, its state too (the lines after it are found by that state's identity).
      const next = older.ruleStack;
      if (isFrame(next)) {
        const key = stateKey(next);
        if (!shared.has(key)) shared.set(key, next);
      }
      remember(state, lineKey, line, older);
      return older;
    }
    const result = read(line, state, timeLimit);
    // A line cut short by a time limit is not what the line gives: never remember it.
    if (result.stoppedEarly || !isFrame(result.ruleStack)) return result;
    const key = stateKey(result.ruleStack);
    let next = shared.get(key) ?? oldShared.get(key);
    if (!next?.equals(result.ruleStack)) next = result.ruleStack;
    shared.set(key, next);
    const remembered: LineResult = { tokens: result.tokens, ruleStack: next, stoppedEarly: false };
    remember(state, lineKey, line, remembered);
    return remembered;
  };
  return forget;
}
