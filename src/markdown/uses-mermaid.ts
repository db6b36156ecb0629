import type { SourceLocation } from '../errors';

/** A ` ```mermaid ` fence, or the `Mermaid` component (used or imported). */
const mermaidUse = /^[^\S\n]*(?:`{3,}|~{3,})[^\S\n]*mermaid\b|<Mermaid[\s/>]|['"]@theme\/Mermaid['"]/m;
/** The same, when `@theme/Mermaid` is the site's own `src/theme/Mermaid` (a module of colours, say): no import. */
const mermaidUseButImport = /^[^\S\n]*(?:`{3,}|~{3,})[^\S\n]*mermaid\b|<Mermaid[\s/>]/m;

/**
 * Where the site first draws a Mermaid diagram (files in the order given), or undefined when it draws none: the
 * browser bundle has Mermaid only then, and a site without the package is told so at that line.
 */
export function firstMermaidUse<S extends { file: string; text: string }>(
  sources: readonly S[],
  siteOwnsThemeMermaid = false,
  // How a source's line is found: a build asks its kept text facts instead (`site/source-facts`).
  lineOf: (source: S) => number | undefined = (source) => mermaidUseLine(source.text, siteOwnsThemeMermaid),
): SourceLocation | undefined {
  for (const source of sources) {
    const line = lineOf(source);
    if (line !== undefined) return { file: source.file, line };
  }
  return undefined;
}

/** The line where `text` first draws a Mermaid diagram (see `firstMermaidUse`), or undefined. */
export function mermaidUseLine(text: string, siteOwnsThemeMermaid = false): number | undefined {
  const found = (siteOwnsThemeMermaid ? mermaidUseButImport : mermaidUse).exec(text);
  return found ? text.slice(0, found.index).split('\n').length : undefined;
}
