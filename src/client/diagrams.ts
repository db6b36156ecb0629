type Renderer = typeof import('./diagrams/render-diagrams');
let renderer: Promise<Partial<Renderer>> | undefined;

/**
 * Draws the Mermaid diagrams of `root` (their source is in the page, see the `Mermaid` component). Mermaid is
 * a chunk of its own, loaded by the first page that has a diagram and bundled only for sites that have one.
 */
export function showDiagrams(root: ParentNode): void {
  if (!root.querySelector('.mermaid-diagram:not([data-rendered])')) return;
  renderer ??= import('docs-it:mermaid') as Promise<Partial<Renderer>>;
  void renderer.then((module) => module.renderDiagrams?.(root));
}
