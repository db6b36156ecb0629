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
