/** A ` ```mermaid ` fence, or the `Mermaid` component (used or imported). */
const mermaidUse = /^\s*(?:`{3,}|~{3,})\s*mermaid\b|<Mermaid[\s/>]|['"]@theme\/Mermaid['"]/m;

/** Whether any content file draws a Mermaid diagram: the browser bundle has Mermaid only then. */
export function usesMermaid(sources: readonly { text: string }[]): boolean {
  return sources.some((source) => mermaidUse.test(source.text));
}
