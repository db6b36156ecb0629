/*
 * Words of a compiled page's HTML, for reading times: its text, code included (as a reader reads it), without
 * its scripts and styles. The words are those of the page's `words` since the start: scripts and styles, then
 * tags (`<[^>]+>`), made spaces, then the runs of characters that are not `\s` counted
 * (`html.replace(…).replace(…).match(/\S+/g).length`; test/count-words.test.ts holds the two to the same
 * count). Counted in one pass, without making the page's text and an array of its words: that was a compile's few
 * percent, on every page (docs/measurements.md).
 */

const scriptOrStyle = /<(script|style)[\s\S]*?<\/\1>/g;

/** Whether a UTF-16 code unit is one of JavaScript's `\s` (white space and line terminators). */
function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** `countWordsByRegExp(html)`, counted in one pass: a tag is a `<`, at least one character, and the next `>`. */
export function countWords(html: string): number {
  const text = html.replace(scriptOrStyle, ' ');
  let words = 0;
  let inWord = false;
  /** Whether a `>` may follow (once none does after a `<`, none does after a later one). */
  let closes = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 60 /* < */ && closes) {
      const end = text.indexOf('>', i + 1);
      if (end === -1) closes = false;
      else if (end > i + 1) {
        // A tag is a space between words.
        inWord = false;
        i = end;
        continue;
      }
      // `<>`, or a `<` no `>` follows, is text.
    }
    if (isSpace(c)) inWord = false;
    else if (!inWord) {
      inWord = true;
      words++;
    }
  }
  return words;
}
