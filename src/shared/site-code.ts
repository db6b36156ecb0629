/**
 * The site's own code that MDX pages use: its components module (named in `site.config.ts`) and the modules
 * pages import (`@site/…`, relative, packages), bundled into one server module for the run.
 */
export interface SiteCode {
  /** `file:` URL of the bundled module: one namespace per imported module, `m0` the components module. */
  url: string;
  /** Components every MDX page has without importing them (the components module's capitalised exports). */
  components: string[];
  /**
   * The module an import names (its `@site/` form, see `siteSpecifier`), as a key of the bundle: `m3` for a
   * module's namespace, `m0#Name` for `@theme/Name` (the components module, with its export `Name` as the default).
   */
  imports: Record<string, string>;
  /** The names each module of the bundle exports, by key (`m3`): an import of another name is an error at its line. */
  exports: Record<string, string[]>;
}

/** The key (in the bundle) of the components module. */
export const componentsKey = 'm0';

/**
 * A stylesheet the site's code imports (`import './x.css'`, `import styles from './x.module.css'`): published in
 * the site's stylesheet, before `customCss`. A CSS module's class names are scoped (`root` → `styles_root_3f2a`)
 * once, on the server, and the browser's bundle takes the same names from here, so both render alike.
 */
export interface ComponentStyle {
  /** The stylesheet, absolute. */
  file: string;
  /** A CSS module's scoped text (its `url()`s and `@import`s as written, relative to `file`) and class names. */
  scoped?: { css: string; classes: Record<string, string> };
}

/** The JavaScript a CSS module is imported as: its class names as the default export, and each as a named one. */
export function cssModuleSource(classes: Readonly<Record<string, string>>): string {
  const named = Object.entries(classes)
    .filter(([name]) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default')
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`);
  return [`export default ${JSON.stringify(classes)};`, ...named].join('\n');
}
