/** The site's components module (`components` in site.config.ts), or an empty module: see bundle-client. */
declare module 'docs-it:site-components' {
  const components: Record<string, unknown>;
  export = components;
}
