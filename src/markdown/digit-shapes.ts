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
/** A quantifier's counts (`{2}`, `{1,3}`, `{,4}`), read where a `{` stands. */
const counts = /\{[0-9]*,?[0-9]*\}/y;

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
  // Octal and control escapes, back-references, named references and calls: not read here.
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
 * The sets of digits a pattern tests (each a text of digits), or null when it reads the text in a way not modelled.
 * `resolvedBackReferences`: an end or while pattern, whose `\1`… vscode-textmate replaces with the begin's captured
 * text (checked digit-free by the caller).
 */
export function digitTests(source: string, resolvedBackReferences = false): string[] | null {
  const sets: string[] = [];
  // Extended mode's comments may hold brackets: not read here.
  if (/\(\?[imx-]*x/.test(source)) return null;
  /** Reads a class from its `[`; returns the index after its `]`, or -1. */
  const readClass = (start: number): number => {
    let i = start + 1;
    if (source[i] === '^') i++;
    let first = true;
    let previous: number | undefined;
    while (i < source.length) {
      const c = source[i]!;
      if (c === ']' && !first) return i + 1;
      first = false;
      let value: number;
      if (c === '[') {
        if (source[i + 1] === ':') {
          // A POSIX bracket (`[:alnum:]`): every digit or none.
          const close = source.indexOf(':]', i + 2);
          if (close === -1 || !/^\^?[a-z]+$/.test(source.slice(i + 2, close))) return -1;
          i = close + 2;
          previous = undefined;
          continue;
        }
        i = readClass(i);
        if (i === -1) return -1;
        previous = undefined;
        continue;
      }
      if (c === '&' && source[i + 1] === '&') {
        i += 2;
        previous = undefined;
        continue;
      }
      if (c === '\\') {
        const read = escapeAt(source, i);
        if (!read) return -1;
        value = read[0];
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
      if (previous !== undefined && value !== -1) {
        sets.push(digitsBetween(previous, value));
        previous = undefined;
        continue;
      }
      if (source[i] === '-' && source[i + 1] !== ']' && source[i + 1] !== undefined) {
        previous = value;
        i++;
        continue;
      }
      sets.push(digitsBetween(value, value));
    }
    return -1;
  };
  for (let i = 0; i < source.length; ) {
    const c = source[i]!;
    if (c === '\\') {
      if (resolvedBackReferences && isDigit(source[i + 1]) && source[i + 1] !== '0') {
        i += 2;
        while (isDigit(source[i])) i++;
        continue;
      }
      const read = escapeAt(source, i);
      if (!read) return null;
      if (read[0] !== -1) sets.push(digitsBetween(read[0], read[0]));
      i += read[1];
    } else if (c === '[') {
      i = readClass(i);
      if (i === -1) return null;
    } else if (c === '(' && source.startsWith('(?#', i)) {
      const close = source.indexOf(')', i);
      if (close === -1) return null;
      i = close + 1;
    } else if (c === '{') {
      // A quantifier's counts are not characters of the text.
      counts.lastIndex = i;
      const quantifier = counts.exec(source);
      if (quantifier && /[0-9]/.test(quantifier[0])) i += quantifier[0].length;
      else i++;
    } else {
      if (isDigit(c)) sets.push(c);
      i++;
    }
  }
  return sets.filter((set) => set !== '' && set !== '0123456789');
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

/** What each grammar's rules test and include, read once: a highlighter asks again after every grammar it loads. */
const readGrammars = new WeakMap<RawGrammar, { tests: string[] | null; includes: string[] }>();
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
function grammarTests(grammar: RawGrammar): string[] | null {
  const sets: string[] = [];
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
  return refused ? null : sets;
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
 * digit the grammars cannot tell from it (two lines of the same shape read in the same state give the same tokens
 * and the same state after them), or null when the grammars read the text in a way this does not model.
 */
export function digitShapes(grammars: readonly RawGrammar[], scope: string): ((line: string) => string) | null {
  const reading = grammarsReading(grammars, scope);
  if (!reading) return null;
  const sets: string[] = [];
  for (const grammar of reading) {
    const { tests } = readGrammar(grammar);
    if (!tests) return null;
    sets.push(...tests);
  }
  const distinct = [...new Set(sets)];
  /** Each digit's class: which of the tests hold it. */
  const signature = (d: string) => distinct.map((set) => (set.includes(d) ? '1' : '0')).join('');
  const first = new Map<string, string>();
  const shape: Record<string, string> = {};
  for (const d of '0123456789') {
    const key = signature(d);
    if (!first.has(key)) first.set(key, d);
    shape[d] = first.get(key)!;
  }
  return (line) => line.replace(/[0-9]/g, (d) => shape[d]!);
}
