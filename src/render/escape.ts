import { codeBreakPieces } from '../shared/code-breaks';
import { escapeHtml } from '../shared/escape-html';

const scriptEscapes: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON that is safe inside a `<script>` element (no `</script>`, no HTML comment openers): the one escaper of
 * every value placed in an inline script. `undefined`, which JSON lacks, is `null`.
 */
export function jsonForScript(value: unknown): string {
  return scriptSafe(JSON.stringify(value) ?? 'null');
}

/** JSON made safe inside a `<script>` element, as `jsonForScript` does (a piece at a time is the same). */
export function scriptSafe(json: string): string {
  return json.replace(/[<\u2028\u2029]/g, (c) => scriptEscapes[c]!);
}

/** Inline markdown of short texts (release highlights): `code`, **bold** and [links](url), everything else escaped. */
export function inlineMarkdown(text: string): string {
  return (
    escapeHtml(text)
      // The entities of escaped text hold no place to break: the pieces are cut between them.
      .replace(/`([^`]+)`/g, (_, code: string) => `<code>${codeBreakPieces(code).join('<wbr>')}</code>`)
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
      .replace(/\[([^\]]+)\]\(((?:https?:\/\/|\/)[^)\s]+)\)/g, '<a href="$2">$1</a>')
  );
}
