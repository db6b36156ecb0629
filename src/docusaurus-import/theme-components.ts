import { isSiteThemeName } from '../config/site-theme-files';

/**
 * What a file under a Docusaurus site's `src/theme` is to docs-it, by its name: a theme component docs-it has its
 * own of, a part of Docusaurus's layout (swizzled: docs-it's layout has no such part to replace), or a component
 * of the site's own that pages import as `@theme/Name`.
 */
export type ThemeFileKind = 'docs-it has its own' | 'swizzled layout' | 'site component';

/** Docusaurus's classic theme components a site swizzles to change its layout. */
const layoutComponents = new Set([
  ...['AnnouncementBar', 'BackToTopButton', 'BlogLayout', 'BlogListPage', 'BlogPostItem', 'BlogPostPage'],
  ...['BlogPostPaginator', 'BlogSidebar', 'BlogTagsListPage', 'BlogTagsPostsPage', 'ColorModeToggle', 'DocBreadcrumbs'],
  ...['DocCard', 'DocItem', 'DocPage', 'DocPaginator', 'DocRoot', 'DocSidebar', 'DocSidebarItem', 'DocSidebarItems'],
  ...['DocTagDocListPage', 'DocVersionBadge', 'DocVersionBanner', 'DocVersionRoot', 'DocsRoot', 'EditThisPage'],
  ...['Footer', 'Heading', 'Icon', 'LastUpdated', 'Layout', 'Logo', 'MDXComponents', 'MDXContent', 'MDXPage'],
  ...['Navbar', 'NavbarItem', 'NotFound', 'PaginatorNavLink', 'Root', 'SearchBar', 'SearchPage', 'SkipToContent'],
  ...['TOC', 'TOCCollapsible', 'TOCItems', 'Tag', 'TagsListInline', 'ThemedImage', 'prism-include-languages'],
]);

export function themeFileKind(name: string): ThemeFileKind {
  if (layoutComponents.has(name)) return 'swizzled layout';
  // What is not a site's own is a module docs-it provides (`@theme/Tabs`, `@theme/Mermaid`).
  if (!isSiteThemeName(name)) return 'docs-it has its own';
  return 'site component';
}
