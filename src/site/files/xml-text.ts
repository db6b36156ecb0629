import { escapeHtml } from '../../shared/escape-html';

/*
 * XML 1.0 allows only these characters (its `Char` production): tab, line feed, carriage return and everything
 * from U+0020 but the surrogates, U+FFFE and U+FFFF. One other character (a control character pasted into a
 * title, a lone surrogate) makes the whole document unparseable, escaped or not (`&#1;` is forbidden too).
 */
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text with the characters XML 1.0 forbids left out. */
export function xmlChars(value: string): string {
  return value.replace(notXmlChar, '');
}

/** Text for XML element content and attribute values: forbidden characters left out, markup escaped. */
export function xmlText(value: string): string {
  return escapeHtml(xmlChars(value));
}
