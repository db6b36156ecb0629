import type { SourceLocation } from '../errors';

/** A ` ```mermaid ` fence, or the `Mermaid` component (used or imported). */
const mermaidUse = /^[^\S\n]*(?:`{3,}|~{3,})[^\S\n]*mermaid\b|<Mermaid[\s/>]|['"]@theme\/Mermaid['"]/m;
/** The same, when `@theme/Mermaid` is the site's own `src/theme/Mermaid` (a module of colours, say): no import. */
const mermaidUseButImport = /^[^\S\n]*(?:`{3,}|~{3,})[^\S\n]*mermaid\b|<Mermaid[\s/>]/m;

/**
 * Where the site first draws a Mermaid diagram (files in the order given), or undefined when it draws none: the
 * browser bundle has Mermaid only then, and a site without the package is told so at that line.
 */
export function firstMermaidUse(
  sources: readonly { file: string; text: string }[],
  siteOwnsThemeMermaid = false,
): SourceLocation | undefined {
  const pattern = siteOwnsThemeMermaid ? mermaidUseButImport : mermaidUse;
  for (const source of sources) {
    const found = pattern.exec(source.text);
    if (found) return { file: source.file, line: source.text.slice(0, found.index).split('\n').length };
  }
  return undefined;
}
