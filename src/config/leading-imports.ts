/*
 * The static imports of a module that oxc-transform printed, read without a lexer when the module is of the plainest
 * kind: every import a declaration at its very start, the word `import` nowhere after them, no re-export. Site
 * configs and data files are mostly that (`import { defineConfig } from "docs-it";` then one call). es-module-lexer
 * reads every other module: its first use compiles its WebAssembly, which a small site's cold build would otherwise
 * pay at its start, on its critical path. Anything unsure answers undefined, which is never wrong (the lexer reads).
 */

/** A static import: its specifier, and where the specifier's text starts and ends, inside its quotes. */
export interface LeadingImport {
  specifier: string;
  start: number;
  end: number;
}

/** Default, named or namespace bindings: no quotes, comments or braces between the braces. */
const bindings = String.raw`(?:[\w$]+\s*,\s*)?(?:\{[^{}'"\`/]*\}|\*\s*as\s+[\w$]+|[\w$]+)`;

/**
 * One import declaration at `lastIndex`, printed as oxc prints it: its bindings or none, then a double-quoted
 * specifier without escapes, and nothing after it on its line (an attribute such as `with { type: "json" }` fails
 * the match, and sends the module to the lexer).
 */
const declaration = new RegExp(
  String.raw`import(?=[\s{*"])\s*(?:${bindings}\s*from\s*)?"([^"\\\n]*)"[ \t]*;?[ \t]*(?:\n|$)`,
  'y',
);

/**
 * The static imports of `code` in order, when they are all declarations at its start (blank lines between them
 * allowed) and the rest of the code holds no `import` and no `export … from`; undefined otherwise.
 */
export function leadingImports(code: string): LeadingImport[] | undefined {
  const imports: LeadingImport[] = [];
  let at = 0;
  for (;;) {
    while (code[at] === '\n') at++;
    declaration.lastIndex = at;
    const match = declaration.exec(code);
    if (!match) break;
    const specifier = match[1]!;
    // The specifier's quotes are the match's last `"` and the one before it.
    const end = match.index + match[0].lastIndexOf('"');
    imports.push({ specifier, start: end - specifier.length, end });
    at = declaration.lastIndex;
  }
  const rest = code.slice(at);
  // `import()`, `import.meta`, a later declaration, or the word in a string or a comment: the lexer tells them apart.
  if (/\bimport\b/.test(rest)) return undefined;
  // `export * from`, `export { a } from`: imports too (and `export { a }` alone, which the lexer reads as well).
  if (/\bexport\s*(?:\*|\{)/.test(rest)) return undefined;
  return imports;
}
