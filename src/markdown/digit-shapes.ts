/**
 * Which digits a set of TextMate grammars can tell apart, so that two lines that differ only in digits the grammars
 * cannot tell apart are known to give the same tokens without reading the second one.
 *
 * Why that holds: a regular expression tests a character of the text only by membership (a literal, a class, an
 * escape such as `\d` or `\w`, a POSIX bracket, a Unicode property, a word boundary, case folding). If no test of any
 * pattern separates two digits, a line and the same line with one replaced by the other (one byte each in UTF-8 and
 * one unit in UTF-16, so every offset stays) give every pattern the same matches at the same places; vscode-textmate
 * reads nothing of a line but those matches, so the tokens and the state after the line are the same. Three things
 * read the text itself and are refused: a back-reference inside a pattern (it compares captured texts), a scope name
 * that takes a capture (`$1`, `${1:/downcase}`), and an end or while pattern's back-reference to a begin group that
 * could capture a digit (vscode-textmate writes the captured text into the pattern). Patterns are read
 * conservatively: anything not understood that involves a digit refuses the grammar, and a digit written in a place
 * not understood only splits the digits further, which is always safe.
 */

/** A grammar as Shiki loads it (`LanguageRegistration`): rules, repository, injections. */
export interface RawGrammar {
  scopeName: string;
  name?: string;
  injectTo?: readonly string[];
  [key: string]: unknown;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const hex = /^[0-9a-fA-F]+$/;

/** The digits from code point `from` to `to`, as a set's text ('' when none). */
const digitsBetween = (from: number, to: number) => {
  let set = '';
  for (let d = 0x30; d <= 0x39; d++) if (d >= from && d <= to) set += String.fromCharCode(d);
  return set;
};

/** An escape's character: `[value, length]`, or a class escape (`\d`, `\w`, …: all digits or none) as value -1. */
function escapeAt(source: string, at: number): [number, number] | null {
  const e = source[at + 1];
  if (e === undefined) return null;
  if (e === 'x' || e === 'u') {
    if (e === 'x' && source[at + 2] === '{') {
      const close = source.indexOf('}', at + 3);
      const digits = source.slice(at + 3, close);
      return close === -1 || !hex.test(digits) ? null : [Number.parseInt(digits, 16), close + 1 - at];
    }
    const length = e === 'x' ? 2 : 4;
    const digits = source.slice(at + 2, at + 2 + length);
    return digits.length === length && hex.test(digits) ? [Number.parseInt(digits, 16), 2 + length] : null;
  }
  // Octal and control escapes, a back-reference, a reference to a named group or a call: not read here.
  if (isDigit(e) || 'ocCMkg'.includes(e)) return null;
  if (e === 'p' || e === 'P') {
    // A Unicode property: ASCII digits share every one Oniguruma knows (`Digit`, `Alnum`, `Nd`, `Hex_Digit`, …).
    if (source[at + 2] !== '{') return null;
    const close = source.indexOf('}', at + 3);
    return close === -1 || /[0-9]/.test(source.slice(at + 3, close)) ? null : [-1, close + 1 - at];
  }
  // `\d \w \h \s \b \G \A \z \R \X …` (each holds every digit or none) and escaped punctuation (not a digit).
  if (/[a-zA-Z]/.test(e)) return [-1, 2];
  return [e.codePointAt(0)!, 2];
}

/**
 * Where a digit stands, as the shapes see it: the character before its run of digits. Bits 0–127 are that
 * character when it is ASCII (never a digit), `otherContext` any other character, `lineStart` a run that opens
 * the line. A test of digits applies in a set of these (a bigint of bits).
 */
export const otherContext = 128;
export const lineStart = 129;
const anyContext = (1n << 130n) - 1n;
const otherBit = 1n << BigInt(otherContext);
const digitBits = ((1n << 0x3an) - 1n) & ~((1n << 0x30n) - 1n);
const contextBit = (code: number) => (code < 128 ? 1n << BigInt(code) : otherBit);

/** A test of digits a pattern makes (`digits`, a set as a text) and where the digit it tests may stand. */
export interface DigitTest {
  digits: string;
  contexts: bigint;
}

/**
 * What a pattern's atom can consume at one position: the tests of digits it makes there, whether the character may
 * be a digit, and the characters other than digits it may be (a superset: `anyContext` when not read closely).
 */
interface Consumed {
  tests: string[];
  mayBeDigit: boolean;
  other: bigint;
}

/** A pattern read as a tree, enough to follow where each digit test stands. */
type Node =
  | { kind: 'consume'; consumed: Consumed }
  | { kind: 'sequence'; items: Node[] }
  | { kind: 'alternatives'; branches: Node[] }
  /** `once`: the body is matched at least once (`+`, `{2,}`). */
  | { kind: 'repeat'; body: Node; once: boolean }
  /** A lookahead reads forward from here; a lookbehind from somewhere before: any context. */
  | { kind: 'look'; behind: boolean; body: Node }
  /** An end pattern's back-reference (the begin's text, no digit, maybe empty) or a zero-width assertion. */
  | { kind: 'unknown text' }
  | { kind: 'empty' };

/** Each ASCII letter's other case; under case folding a letter may also be a character outside ASCII (K, ſ). */
const foldCase = (bits: bigint): bigint => {
  // A character outside ASCII may fold to several ASCII ones (ß, ﬀ): not followed.
  if (bits & otherBit) return anyContext;
  const upper = bits & upperCase;
  const lower = bits & lowerCase;
  return upper | lower ? bits | (upper << 32n) | (lower >> 32n) | otherBit : bits;
};

/** The characters other than digits from `from` to `to` (code points). */
const othersBetween = (from: number, to: number): bigint => {
  const upTo = Math.min(to, 127) + 1;
  const ascii = from < upTo ? ((1n << BigInt(upTo)) - (1n << BigInt(from))) & ~digitBits : 0n;
  return to > 127 ? ascii | otherBit : ascii;
};
const asciiSet = (chars: string): bigint => {
  let bits = 0n;
  for (const c of chars) bits |= 1n << BigInt(c.charCodeAt(0));
  return bits;
};
const upperCase = othersBetween(0x41, 0x5a);
const lowerCase = othersBetween(0x61, 0x7a);
const letters = upperCase | lowerCase;
/**
 * The class escapes read closely (what they hold besides ASCII digits); those not here that consume a character
 * are taken as any character. `\d` holds the other scripts' decimal digits too (Oniguruma reads Unicode).
 */
const classEscapes: Record<string, bigint> = {
  d: otherBit,
  w: letters | asciiSet('_') | otherBit,
  h: asciiSet('abcdefABCDEF'),
  s: asciiSet(' \t\n\v\f\r') | otherBit,
};
/** Escapes of one character that is not a digit. */
const controlEscapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', a: '\x07', e: '\x1b' };
/** Escapes that consume no character: word and text boundaries, anchors, `\K`. */
const zeroWidthEscapes = 'bBAzZGKyY';
/** Class escapes that never hold an ASCII digit. */
const digitlessEscapes = 'sDWHR';
/** Escapes that consume a character (or several) of any kind. */
const anyEscapes = 'DWHSRXNO';

/** One character consumed: a test of it if it is a digit, else the context it makes. */
function singleNode(code: number, ignoreCase: boolean): Node {
  const digit = code >= 0x30 && code <= 0x39;
  const other = digit ? 0n : contextBit(code);
  return {
    kind: 'consume',
    consumed: {
      tests: digit ? [String.fromCharCode(code)] : [],
      mayBeDigit: digit,
      other: ignoreCase ? foldCase(other) : other,
    },
  };
}
/** The ASCII characters' nodes, case as written and case folded: most of a grammar's text is literals. */
const singles = [false, true].map((ignoreCase) =>
  Array.from({ length: 128 }, (_, code) => singleNode(code, ignoreCase)),
);
/**
 * A pattern that can make no test of digits: no digit, no range, no `\x`/`\u` escape (which could name a digit)
 * and no `\k`/`\g` (a named group's reference, refused). Most patterns; read no further.
 */
const testsNoDigit = /^(?:[^0-9\\-]|\\[^0-9xukg])*\\?$/;

/**
 * The tests of digits a pattern makes, each with where the digit it tests may stand, or null when the pattern reads
 * the text in a way not modelled. `resolvedBackReferences`: an end or while pattern, whose `\1`… vscode-textmate
 * replaces with the begin's captured text (checked digit-free by the caller).
 */
export function digitTests(source: string, resolvedBackReferences = false): DigitTest[] | null {
  if (testsNoDigit.test(source)) return [];
  // Extended mode's comments and spaces: not read here.
  if (/\(\?[imx-]*x/.test(source)) return null;
  let i = 0;
  let refused = false;
  /** Reads a class from its `[` (at `i`), leaving `i` after its `]`. */
  const readClass = (ignoreCase: boolean): Consumed => {
    const consumed: Consumed = { tests: [], mayBeDigit: false, other: 0n };
    i++;
    if (source[i] === '^') {
      // Negated: any character may be one it does not hold.
      consumed.mayBeDigit = true;
      consumed.other = anyContext;
      i++;
    }
    let first = true;
    let previous: number | undefined;
    const add = (from: number, to: number) => {
      const digits = digitsBetween(from, to);
      if (digits !== '') {
        consumed.tests.push(digits);
        consumed.mayBeDigit = true;
      }
      consumed.other |= othersBetween(from, to);
    };
    while (i < source.length) {
      const c = source[i]!;
      if (c === ']' && !first) {
        i++;
        if (ignoreCase) consumed.other = foldCase(consumed.other);
        return consumed;
      }
      first = false;
      let value: number;
      if (c === '[') {
        if (source[i + 1] === ':') {
          // A POSIX bracket (`[:alnum:]`): every digit or none.
          const close = source.indexOf(':]', i + 2);
          if (close === -1 || !/^\^?[a-z]+$/.test(source.slice(i + 2, close))) break;
          consumed.mayBeDigit = true;
          consumed.other = anyContext;
          i = close + 2;
          previous = undefined;
          continue;
        }
        const inner = readClass(ignoreCase);
        if (refused) return consumed;
        consumed.tests.push(...inner.tests);
        consumed.mayBeDigit ||= inner.mayBeDigit;
        consumed.other |= inner.other;
        previous = undefined;
        continue;
      }
      if (c === '&' && source[i + 1] === '&') {
        // An intersection holds less than its parts: their tests and characters are a superset.
        i += 2;
        previous = undefined;
        continue;
      }
      if (c === '\\') {
        const read = escapeAt(source, i);
        if (!read) break;
        value = read[0];
        const control = controlEscapes[source[i + 1]!];
        if (control !== undefined) value = control.charCodeAt(0);
        else if (value === -1) {
          consumed.mayBeDigit = true;
          consumed.other |= classEscapes[source[i + 1]!] ?? anyContext;
        }
        i += read[1];
      } else {
        value = c.codePointAt(0)!;
        i += c.length;
      }
      if (value === -1) {
        previous = undefined;
        continue;
      }
      // A range: `previous-value` when a `-` stood between two characters.
      if (previous !== undefined) {
        add(previous, value);
        previous = undefined;
        continue;
      }
      if (source[i] === '-' && source[i + 1] !== ']' && source[i + 1] !== undefined) {
        previous = value;
        i++;
        continue;
      }
      add(value, value);
    }
    refused = true;
    return consumed;
  };
  /** One character, as a literal or an escape. */
  /** One character, as a literal or an escape (ASCII ones made once, `singles`). */
  const single = (code: number, ignoreCase: boolean): Node => {
    const made = code < 128 ? singles[ignoreCase ? 1 : 0]![code] : undefined;
    return made ?? singleNode(code, ignoreCase);
  };
  /** Alternatives up to a `)` or the end; `flags.ignoreCase` may be turned on by `(?i)` within. */
  const readAlternatives = (ignoreCaseAtStart: boolean): Node => {
    const branches: Node[] = [];
    let items: Node[] = [];
    let ignoreCase = ignoreCaseAtStart;
    while (i < source.length && !refused) {
      const c = source[i]!;
      if (c === ')') break;
      if (c === '|') {
        branches.push({ kind: 'sequence', items });
        items = [];
        i++;
        continue;
      }
      if ('*+?'.includes(c) || (c === '{' && quantifierAt(source, i) > 0)) {
        const length = c === '{' ? quantifierAt(source, i) : 1;
        const last = items.pop();
        if (!last) {
          refused = true;
          break;
        }
        const once = c === '+' || (c === '{' && /^\{0*[1-9]/.test(source.slice(i, i + 24)));
        items.push({ kind: 'repeat', body: last, once });
        i += length;
        // Lazy or possessive.
        if (source[i] === '?' || source[i] === '+') i++;
        continue;
      }
      if (c === '(') {
        if (source.startsWith('(?#', i)) {
          const close = source.indexOf(')', i);
          if (close === -1) refused = true;
          i = close + 1;
          continue;
        }
        const options = /^\(\?([imx]*)(?:-([imx]*))?(:|\))/.exec(source.slice(i, i + 12));
        if (options && (options[1] || options[2] || options[3] === ':')) {
          const on = options[1]!.includes('i') ? true : options[2]?.includes('i') ? false : undefined;
          i += options[0].length;
          if (options[3] === ')') {
            // `(?i)`: to the end of the enclosing group (its later alternatives too); only ever widens.
            if (on === true) ignoreCase = true;
            continue;
          }
          items.push(readGroup(on ?? ignoreCase));
          continue;
        }
        let behind = false;
        let look = false;
        if (source.startsWith('(?=', i) || source.startsWith('(?!', i)) {
          look = true;
          i += 3;
        } else if (source.startsWith('(?<=', i) || source.startsWith('(?<!', i)) {
          look = true;
          behind = true;
          i += 4;
        } else if (source.startsWith('(?>', i)) i += 3;
        else if (/^\(\?(<[a-zA-Z_][a-zA-Z0-9_]*>|'[a-zA-Z_][a-zA-Z0-9_]*')/.test(source.slice(i, i + 64)))
          i = source.indexOf(source[i + 2] === '<' ? '>' : "'", i + 3) + 1;
        else if (source[i + 1] === '?') {
          // Conditions, absent operators, other options: not read here.
          refused = true;
          break;
        } else i++;
        const body = readAlternativesClosed(ignoreCase);
        items.push(look ? { kind: 'look', behind, body } : body);
        continue;
      }
      if (c === '[') {
        items.push({ kind: 'consume', consumed: readClass(ignoreCase) });
        continue;
      }
      if (c === '.') {
        items.push({ kind: 'consume', consumed: { tests: [], mayBeDigit: true, other: anyContext } });
        i++;
        continue;
      }
      if (c === '^' || c === '$') {
        items.push({ kind: 'empty' });
        i++;
        continue;
      }
      if (c === '\\') {
        const e = source[i + 1];
        if (resolvedBackReferences && isDigit(e) && e !== '0') {
          i += 2;
          while (isDigit(source[i])) i++;
          items.push({ kind: 'unknown text' });
          continue;
        }
        const read = escapeAt(source, i);
        if (!read) {
          refused = true;
          break;
        }
        i += read[1];
        if (read[0] !== -1) items.push(single(read[0], ignoreCase));
        else if (controlEscapes[e!] !== undefined) items.push(single(controlEscapes[e!]!.charCodeAt(0), ignoreCase));
        else if (zeroWidthEscapes.includes(e!)) items.push({ kind: 'empty' });
        else if (e! in classEscapes || anyEscapes.includes(e!) || e === 'p' || e === 'P') {
          const other = classEscapes[e!] ?? anyContext;
          items.push({ kind: 'consume', consumed: { tests: [], mayBeDigit: !digitlessEscapes.includes(e!), other } });
        } else {
          refused = true;
          break;
        }
        continue;
      }
      const code = source.codePointAt(i)!;
      items.push(single(code, ignoreCase));
      i += code > 0xffff ? 2 : 1;
    }
    branches.push({ kind: 'sequence', items });
    return branches.length === 1 ? branches[0]! : { kind: 'alternatives', branches };
  };
  /** A group's alternatives and its `)`. */
  const readAlternativesClosed = (ignoreCase: boolean): Node => {
    const body = readAlternatives(ignoreCase);
    if (source[i] !== ')') refused = true;
    i++;
    return body;
  };
  const readGroup = readAlternativesClosed;
  const tree = readAlternatives(false);
  if (refused || i < source.length) return null;

  /** Each test's digits and the contexts it is made in. */
  const found = new Map<string, bigint>();
  /**
   * Each group's answer for the contexts it was entered with: a repeat asks its body again until nothing grows, and
   * repeats nested in repeats would otherwise ask their bodies a number of times growing with the depth.
   */
  const answered = new Map<Node, Map<bigint, bigint>>();
  /** Where the next character's run of digits may stand after `node`, from where it may stand before it. */
  const follow = (node: Node, before: bigint): bigint => {
    if (node.kind === 'consume' || node.kind === 'empty' || node.kind === 'unknown text') return step(node, before);
    let known = answered.get(node);
    if (!known) {
      known = new Map();
      answered.set(node, known);
    }
    let after = known.get(before);
    if (after === undefined) {
      after = step(node, before);
      known.set(before, after);
    }
    return after;
  };
  const step = (node: Node, before: bigint): bigint => {
    switch (node.kind) {
      case 'consume': {
        for (const digits of node.consumed.tests)
          if (digits !== '0123456789') found.set(digits, (found.get(digits) ?? 0n) | before);
        return node.consumed.other | (node.consumed.mayBeDigit ? before : 0n);
      }
      case 'sequence':
        return node.items.reduce((at, item) => follow(item, at), before);
      case 'alternatives':
        return node.branches.reduce((at, branch) => at | follow(branch, before), 0n);
      case 'repeat': {
        // Where each time through may start: until the contexts stop growing.
        let at = before;
        for (;;) {
          const next = at | follow(node.body, at);
          if (next === at) break;
          at = next;
        }
        // Through at least once: the contexts after the last time; else also those before the first.
        return node.once ? follow(node.body, at) : at;
      }
      case 'look':
        follow(node.body, node.behind ? anyContext : before);
        return before;
      case 'unknown text':
        return anyContext;
      case 'empty':
        return before;
    }
  };
  // A search may start anywhere: in any context.
  follow(tree, anyContext);
  return [...found].map(([digits, contexts]) => ({ digits, contexts }));
}

/** The length of a quantifier's counts at `at` (`{2}`, `{1,3}`, `{,4}`, `{2,}`), or 0 where `{` is a character. */
function quantifierAt(source: string, at: number): number {
  const read = /^\{(?:[0-9]+(?:,[0-9]*)?|,[0-9]+)\}/.exec(source.slice(at, at + 24));
  return read ? read[0].length : 0;
}

/** The text of a pattern's `n`-th capture group, or null (named groups, which renumber, are not read). */
function groupText(source: string, n: number): string | null {
  if (/\(\?(<[a-zA-Z_]|')/.test(source)) return null;
  let count = 0;
  let inClass = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') inClass++;
    else if (c === ']' && inClass > 0) inClass--;
    else if (c === '(' && inClass === 0 && source[i + 1] !== '?' && ++count === n) {
      let depth = 0;
      for (let j = i; j < source.length; j++) {
        const d = source[j];
        if (d === '\\') j++;
        else if (d === '(') depth++;
        else if (d === ')' && --depth === 0) return source.slice(i + 1, j);
      }
      return null;
    }
  }
  return null;
}

/**
 * Whether a group's text can only capture non-digits: literal characters and classes of them, no escape, no `.`,
 * no range, no negated class, no counts.
 */
function capturesNoDigit(text: string): boolean {
  const withoutClasses = text.replace(/\[([^\]\\[^-][^\]\\[-]*)\]/g, (_, body: string) =>
    /[0-9]/.test(body) ? '\\' : '',
  );
  return !/[\\.[\]0-9{}]/.test(withoutClasses);
}

/** Tests of the same digits as one, made wherever any of them is. */
const mergedTests = (tests: readonly DigitTest[]): DigitTest[] => {
  const contexts = new Map<string, bigint>();
  for (const test of tests) contexts.set(test.digits, (contexts.get(test.digits) ?? 0n) | test.contexts);
  return [...contexts].map(([digits, where]) => ({ digits, contexts: where }));
};

/** What each grammar's rules test and include, read once: a highlighter asks again after every grammar it loads. */
const readGrammars = new WeakMap<RawGrammar, { tests: DigitTest[] | null; includes: string[] }>();
const readGrammar = (grammar: RawGrammar) => {
  let read = readGrammars.get(grammar);
  if (!read) {
    const includes: string[] = [];
    JSON.stringify(grammar, (key, value: unknown) => {
      if (key === 'include' && typeof value === 'string' && !value.startsWith('#') && !value.startsWith('$'))
        includes.push(value.split('#')[0]!);
      return value;
    });
    read = { tests: grammarTests(grammar), includes };
    readGrammars.set(grammar, read);
  }
  return read;
};

/** Every test of digits a grammar's rules make, or null when one of them is not modelled (see the module's text). */
function grammarTests(grammar: RawGrammar): DigitTest[] | null {
  const sets: DigitTest[] = [];
  let refused = false;
  const visit = (node: unknown): void => {
    if (refused || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const rule = node as Record<string, unknown>;
    for (const key of ['name', 'contentName'] as const) {
      const name = rule[key];
      if (typeof name === 'string' && /\$(\d|\{\d)/.test(name)) refused = true;
    }
    const begin = typeof rule.begin === 'string' ? rule.begin : undefined;
    for (const key of ['match', 'begin', 'end', 'while'] as const) {
      const source = rule[key];
      if (typeof source !== 'string') continue;
      const resolved = (key === 'end' || key === 'while') && begin !== undefined;
      if (resolved) {
        for (const [, n] of source.matchAll(/\\([1-9][0-9]*)/g)) {
          const group = groupText(begin, Number(n));
          if (group === null || !capturesNoDigit(group)) refused = true;
        }
      }
      const tests = digitTests(source, resolved);
      if (tests === null) refused = true;
      else sets.push(...tests);
    }
    for (const [key, child] of Object.entries(rule)) if (typeof child === 'object' && key !== 'injectTo') visit(child);
  };
  visit(grammar);
  return refused ? null : mergedTests(sets);
}

/** The grammars a scope's lines may be read with: those it includes, and those injected into any of them. */
function grammarsReading(grammars: readonly RawGrammar[], scope: string): RawGrammar[] | null {
  const byScope = new Map(grammars.map((grammar) => [grammar.scopeName, grammar]));
  const found = new Set<RawGrammar>();
  const pending = [scope];
  while (pending.length > 0) {
    const grammar = byScope.get(pending.pop()!);
    // A scope included but not loaded is not read (vscode-textmate skips it).
    if (!grammar || found.has(grammar)) continue;
    found.add(grammar);
    pending.push(...readGrammar(grammar).includes);
    for (const other of grammars)
      if (other.injectTo?.some((to) => found.has(byScope.get(to)!))) pending.push(other.scopeName);
  }
  return [...found];
}

/**
 * For the scope's grammar among those loaded: a function giving a line's shape, each digit replaced by the first
 * digit the grammars cannot tell from it where its run of digits stands (two lines of the same shape read in the
 * same state give the same tokens and the same state after them), or null when the grammars read the text in a way
 * this does not model.
 */
export function digitShapes(grammars: readonly RawGrammar[], scope: string): ((line: string) => string) | null {
  const reading = grammarsReading(grammars, scope);
  if (!reading) return null;
  const all: DigitTest[] = [];
  for (const grammar of reading) {
    const read = readGrammar(grammar).tests;
    if (!read) return null;
    all.push(...read);
  }
  const tests = mergedTests(all);
  /** For each context, each digit's first digit of its class there: which of the tests made there hold it. */
  const classes: string[] = [];
  for (let context = 0; context <= lineStart; context++) {
    const bit = 1n << BigInt(context);
    const sets = tests.filter((test) => test.contexts & bit).map((test) => test.digits);
    const first = new Map<string, string>();
    let shape = '';
    for (const d of '0123456789') {
      const key = sets.map((set) => (set.includes(d) ? '1' : '0')).join('');
      if (!first.has(key)) first.set(key, d);
      shape += first.get(key)!;
    }
    classes.push(shape);
  }
  return (line) =>
    line.replace(/[0-9]+/g, (run: string, at: number) => {
      const shape = classes[at === 0 ? lineStart : Math.min(line.charCodeAt(at - 1), otherContext)]!;
      let shaped = '';
      for (let k = 0; k < run.length; k++) shaped += shape[run.charCodeAt(k) - 0x30];
      return shaped;
    });
}
