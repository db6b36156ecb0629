/*
 * The front matter most pages have, read without the YAML library: `key: value` lines whose values are plain,
 * quoted or `[a, b]` scalars, and one level of `key:` over indented `key: value` lines or `- item` lines. The YAML
 * library costs a few milliseconds a page on the first pages of a process (its code is compiled as it is first
 * run), which on a cold build of a site whose pages all have such a front matter is most of the model stage.
 *
 * The reading answers only where it gives what `yamlFrontMatter` gives (the tests compare the two on every shape
 * and on generated texts); anything else (a comment, an empty line, an anchor or a tag, a multi-line scalar, an
 * escape, a float, a deeper level…) is undefined, and the YAML library reads it.
 */

/** A mapping's key: a name (no quote, no indicator, not `__proto__` nor `<<`). */
const keyPart = '([A-Za-z][A-Za-z0-9_-]*)';
/** A top-level line: `key: value` or `key:` (a block of indented lines follows). */
const topLine = new RegExp(`^${keyPart}:(?: (.*))?$`);
/** A line of a nested mapping: its indentation, key and value. */
const nestedLine = new RegExp(`^( +)${keyPart}: (.+)$`);
/** A line of a block sequence: its indentation and item. */
const itemLine = /^( *)- (.+)$/;

/**
 * What no scalar read here contains: control characters, the line and paragraph separators, a byte-order mark, the
 * non-characters U+FFFE and U+FFFF, and surrogates (an emoji), which YAML's printable set and its escapes treat apart.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused.
const unusual = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]/;
/** A double-quoted scalar without escapes (a backslash is YAML's). */
const doubleQuoted = /^"([^"\\]*)"$/;
/** A single-quoted scalar (`''` is a quote). */
const singleQuoted = /^'((?:[^']|'')*)'$/;
/** A flow sequence on one line. */
const flowSequence = /^\[(.*)\]$/;
/**
 * The first character of a plain scalar this reading takes: not one of YAML's indicators (`-?:,[]{}#&*!|>'"%@` and
 * the backtick), not a space.
 */
const plainStart = /^[^-?:,[\]{}#&*!|>'"%@`\s]/;
/** What ends or breaks a plain scalar in a block: `: `, ` #`, a `:` at its end, a tab, a space at its end. */
const plainBreak = /: |:$| #|\t| $/;
/** In a flow sequence, also the flow indicators and any `:` (which may start a pair there). */
const flowBreak = /[,[\]{}:]/;

/** YAML 1.2's core schema: the plain scalars that are not strings. */
const coreNull = /^(?:~|null|Null|NULL)$/;
const coreTrue = /^(?:true|True|TRUE)$/;
const coreFalse = /^(?:false|False|FALSE)$/;
const coreNumber = new RegExp(
  [
    '^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+', // integers
    '|[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?', // floats
    '|[-+]?\\.(?:inf|Inf|INF)|\\.nan|\\.NaN|\\.NAN)$', // infinities, not-a-number
  ].join(''),
);
/** The numbers read here: a decimal integer without sign or leading zero, exact as a double. */
const plainInteger = /^(?:0|[1-9][0-9]{0,14})$/;

type Scalar = string | number | boolean | null;
type Value = Scalar | Scalar[] | Record<string, Scalar | Scalar[]>;
/** What each reader below answers for a text it leaves to YAML. */
const notTaken = undefined;

/** A plain scalar's value under the core schema, or undefined when it is not one this reading takes. */
function plainScalar(text: string, inFlow: boolean): Scalar | undefined {
  if (!plainStart.test(text) || plainBreak.test(text) || (inFlow && flowBreak.test(text))) return notTaken;
  if (coreNull.test(text)) return null;
  if (coreTrue.test(text)) return true;
  if (coreFalse.test(text)) return false;
  if (coreNumber.test(text)) return plainInteger.test(text) ? Number(text) : notTaken;
  return text;
}

/** A scalar of a block (plain, double- or single-quoted), or undefined. */
function blockScalar(text: string): Scalar | undefined {
  if (unusual.test(text)) return notTaken;
  const double = doubleQuoted.exec(text);
  if (double) return double[1]!;
  const single = singleQuoted.exec(text);
  if (single) return single[1]!.replaceAll("''", "'");
  return plainScalar(text, false);
}

/** A value on a key's line: a scalar or a flow sequence of plain scalars, or undefined. */
function inlineValue(text: string): Scalar | Scalar[] | undefined {
  const flow = flowSequence.exec(text);
  if (!flow) return blockScalar(text);
  const inner = flow[1]!;
  if (unusual.test(inner)) return notTaken;
  if (inner.trim() === '') return inner === '' ? [] : notTaken;
  const items: Scalar[] = [];
  for (const part of inner.split(',')) {
    const item = part.replace(/^ +| +$/g, '');
    const value = item === '' ? notTaken : plainScalar(item, true);
    if (value === undefined) return notTaken;
    items.push(value);
  }
  return items;
}

/** Reserved names a key cannot take here (the core schema reads them as null or a boolean). */
const isKeyword = (key: string) => coreNull.test(key) || coreTrue.test(key) || coreFalse.test(key);

/**
 * The front matter's data and the line of each top-level key (the file's line: the YAML's first line is the
 * file's second), when every line is of a shape this reading takes; undefined otherwise.
 */
export function plainFrontMatter(
  yamlText: string,
): { data: Record<string, Value>; keyLines: Record<string, number> } | undefined {
  const data: Record<string, Value> = {};
  const keyLines: Record<string, number> = {};
  const lines = yamlText.split('\n');
  let i = 0;
  while (i < lines.length) {
    const top = topLine.exec(lines[i]!);
    if (!top) return notTaken;
    const [, key, text] = top as unknown as [string, string, string | undefined];
    if (Object.hasOwn(data, key) || isKeyword(key)) return notTaken;
    keyLines[key] = i + 2;
    i++;
    if (text !== undefined && text !== '') {
      const value = inlineValue(text);
      if (value === undefined) return notTaken;
      data[key] = value;
      continue;
    }
    // `key:` alone: the lines below it, each of one indentation, are its mapping or its sequence.
    const block = blockBelow(lines, i);
    if (!block) return notTaken;
    data[key] = block.value;
    i = block.end;
  }
  return { data, keyLines };
}

/** The mapping or sequence of the lines from `start` (undefined when they are neither, or there are none). */
function blockBelow(lines: string[], start: number): { value: Value; end: number } | undefined {
  const first = lines[start];
  if (first === undefined) return notTaken;
  const item = itemLine.exec(first);
  if (item) {
    const indent = item[1]!;
    const items: Scalar[] = [];
    let i = start;
    for (; i < lines.length; i++) {
      const line = itemLine.exec(lines[i]!);
      if (!line) break;
      if (line[1] !== indent) return notTaken;
      const value = blockScalar(line[2]!);
      if (value === undefined) return notTaken;
      items.push(value);
    }
    return { value: items, end: i };
  }
  const nested = nestedLine.exec(first);
  if (!nested) return notTaken;
  const indent = nested[1]!;
  const map: Record<string, Scalar | Scalar[]> = {};
  let i = start;
  for (; i < lines.length; i++) {
    const line = nestedLine.exec(lines[i]!);
    // Any other line ends the mapping: a top-level line goes on, the top level refuses any other.
    if (!line) break;
    const [, lineIndent, key, text] = line as unknown as [string, string, string, string];
    if (lineIndent !== indent || Object.hasOwn(map, key) || isKeyword(key)) return notTaken;
    const value = inlineValue(text);
    if (value === undefined) return notTaken;
    map[key] = value;
  }
  return { value: map, end: i };
}
