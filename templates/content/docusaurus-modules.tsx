import { type ReactNode, useContext, useEffect, useState } from 'react';
import type { SidebarCategory } from '../../src/shared/sidebar';
import { storage } from '../hooks';
import { CurrentCategoryContext, SiteConfigContext } from './contexts';

/** Docusaurus's `useCurrentSidebarCategory()`: the category (label, href, items) whose index page this is. */
export function useCurrentSidebarCategory(): SidebarCategory {
  const category = useContext(CurrentCategoryContext);
  // Docusaurus throws too: the hook is meant for a category's index page.
  if (!category) throw new Error('Unexpected: cant find current sidebar category (this page is no category index)');
  return category;
}

/** Docusaurus's `useDocusaurusContext()`: `siteConfig` (title, tagline, url, baseUrl, customFields). */
export function useDocusaurusContext() {
  const siteConfig = useContext(SiteConfigContext);
  return { siteConfig, siteMetadata: {}, globalData: {}, i18n: {}, codeTranslations: {} };
}

/**
 * Docusaurus's `<Head>`: the page's head is docs-it's (title, description and social tags come from the front
 * matter), so what a page or component puts in it is not rendered, in the body or anywhere else.
 */
export function Head(_props: { children?: ReactNode }) {
  return null;
}

/** Docusaurus's `ExecutionEnvironment`: what the code runs in (false on the server, during the build). */
const canUseDOM = typeof window !== 'undefined' && typeof window.document !== 'undefined';
export const ExecutionEnvironment = {
  canUseDOM,
  canUseEventListeners: canUseDOM && typeof window.addEventListener === 'function',
  canUseIntersectionObserver: canUseDOM && 'IntersectionObserver' in window,
  canUseViewport: canUseDOM && 'screen' in window,
};

type ColorMode = 'light' | 'dark';
const modeOfDocument = (): ColorMode =>
  document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';

/**
 * Docusaurus's `useColorMode()`: the page's colour mode, and a way to set it (remembered as the toggle does).
 * The mode is known only in the browser, so the server and the first render in the browser say `light`.
 */
export function useColorMode() {
  const [colorMode, setMode] = useState<ColorMode>('light');
  useEffect(() => {
    setMode(modeOfDocument());
    const observer = new MutationObserver(() => setMode(modeOfDocument()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  const setColorMode = (mode: ColorMode) => {
    document.documentElement.setAttribute('data-theme', mode);
    storage().setItem('theme', mode);
  };
  return { colorMode, setColorMode, isDarkTheme: colorMode === 'dark' };
}

/** Docusaurus's `ThemeClassNames`: the stable class names its theme puts on its parts, for the site's CSS. */
export const ThemeClassNames = {
  page: {
    docsDocPage: 'docs-doc-page',
    blogListPage: 'blog-list-page',
    blogPostPage: 'blog-post-page',
    mdxPage: 'mdx-page',
  },
  wrapper: { main: 'main-wrapper', docsPages: 'docs-wrapper', blogPages: 'blog-wrapper', mdxPages: 'mdx-wrapper' },
  common: { editThisPage: 'theme-edit-this-page', lastUpdated: 'theme-last-updated', admonition: 'theme-admonition' },
  docs: {
    docMarkdown: 'theme-doc-markdown',
    docTocMobile: 'theme-doc-toc-mobile',
    docTocDesktop: 'theme-doc-toc-desktop',
    docFooter: 'theme-doc-footer',
    docSidebarContainer: 'theme-doc-sidebar-container',
    docSidebarMenu: 'theme-doc-sidebar-menu',
    docSidebarItemCategory: 'theme-doc-sidebar-item-category',
    docSidebarItemLink: 'theme-doc-sidebar-item-link',
  },
  blog: { blogFooterTagsRow: 'theme-blog-footer-tags-row', blogFooterEditMetaRow: 'theme-blog-footer-edit-meta-row' },
};
