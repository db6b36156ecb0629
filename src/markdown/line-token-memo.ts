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

/** Lines remembered per grammar before the memory starts over: a few MB, far more lines than a large site has. */
const maxLines = 200_000;

/**
 * Makes a grammar remember the tokens of every line it read, by the state the line started in: documentation
 * repeats lines (`}`, imports, the same commands), and reading a line is most of highlighting. The state a line
 * ends in is replaced by an equal one met before, so the lines after it are found again too. Returns a function
 * that forgets everything (a grammar loaded later may inject into this one and change its tokens).
 */
export function rememberLineTokens(grammar: Grammar): () => void {
  const read: TokenizeLine2 = grammar.tokenizeLine2.bind(grammar);
  let byState = new Map<StateStack, Map<string, LineResult>>();
  let shared = new Map<string, StateStack>();
  let lines = 0;
  const forget = () => {
    byState = new Map();
    shared = new Map();
    lines = 0;
  };
  grammar.tokenizeLine2 = (line, state, timeLimit) => {
    const known = byState.get(state)?.get(line);
    if (known) return known;
    const result = read(line, state, timeLimit);
    // A line cut short by a time limit is not what the line gives: never remember it.
    if (result.stoppedEarly || !isFrame(result.ruleStack)) return result;
    const key = stateKey(result.ruleStack);
    let next = shared.get(key);
    if (!next?.equals(result.ruleStack)) {
      next = result.ruleStack;
      shared.set(key, next);
    }
    const remembered: LineResult = { tokens: result.tokens, ruleStack: next, stoppedEarly: false };
    if (++lines > maxLines) forget();
    let ofState = byState.get(state);
    if (!ofState) {
      ofState = new Map();
      byState.set(state, ofState);
    }
    ofState.set(line, remembered);
    return remembered;
  };
  return forget;
}
