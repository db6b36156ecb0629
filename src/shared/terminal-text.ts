/**
 * Characters a terminal acts on instead of showing: C0 and C1 controls (ESC starts sequences that move the
 * cursor, clear the screen or set the window title; CR returns to the line's start) and the Unicode bidi
 * controls, which reorder what follows them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const actedOn = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from elsewhere (a commit subject, a file name, a server's message) as a terminal should print it:
 * every such character written as a visible escape (`\x1b`, `\u202e`).
 */
export function printable(text: string): string {
  return text.replace(actedOn, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
