/** The site's components module (`components` in site.config.ts), or an empty module: see bundle-client. */
declare module 'docs-it:site-components' {
  const components: Record<string, unknown>;
  export = components;
}

/** The Mermaid renderer (src/client/diagrams/render-diagrams.ts), or an empty module for sites without diagrams. */
declare module 'docs-it:mermaid' {
  export function renderDiagrams(root: ParentNode): void;
}

/** The site's overrides of theme components (`src/theme/<Name>.tsx`), by name: see bundle-client. */
declare module 'docs-it:theme-overrides' {
  const overrides: Record<string, unknown>;
  export default overrides;
}
