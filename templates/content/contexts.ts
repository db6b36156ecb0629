import { createContext } from 'react';
import type { DocusaurusSiteConfig } from '../../src/shared/docusaurus-site-config';
import type { SidebarCategory } from '../../src/shared/sidebar';

/**
 * The contexts a page's components read (the base URL, Docusaurus's site config and current category): a
 * module of their own, so the browser's islands provide them without loading the components themselves.
 */

/** The site's base URL while a page is rendered: `<Link to="/x">` points under it, as in Docusaurus. */
export const BaseUrlContext = createContext('/');

/**
 * The site's config as Docusaurus's `useDocusaurusContext()` gives it: provided while a page renders on the
 * server, and around each hydrated component in the browser (from the client config), so both render alike.
 */
export const SiteConfigContext = createContext<DocusaurusSiteConfig>({
  title: '',
  tagline: '',
  url: '',
  baseUrl: '/',
  customFields: {},
});

/**
 * The sidebar category the page being rendered is the index of (Docusaurus's `useCurrentSidebarCategory()`):
 * provided while a doc renders on the server, and around each of its hydrated components in the browser.
 */
export const CurrentCategoryContext = createContext<SidebarCategory | undefined>(undefined);
