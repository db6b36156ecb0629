import type { SiteConfig } from '../../config/site-schema';
import type { ContentModel } from '../../content/build-content-model';
import type { SourceLocation } from '../../errors';
import type { SidebarItem } from '../../shared/sidebar';
import type { DeclaredLink } from './check-links';

/**
 * The line of the first place the config's source spells `value` as a string literal (a link that got the
 * base URL, see `configLinksWithBaseUrl`, as it was written).
 */
function whereIs(value: string, file: string, source: string, baseUrl: string): SourceLocation {
  const spellings = value.startsWith(baseUrl) ? [value, `/${value.slice(baseUrl.length)}`] : [value];
  for (const spelling of spellings) {
    for (const quote of ["'", '"', '`']) {
      const at = source.indexOf(`${quote}${spelling}${quote}`);
      if (at !== -1) {
        const before = source.slice(0, at);
        return { file, line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
      }
    }
  }
  return { file };
}

/**
 * Every link the site makes outside its pages' content: navbar, footer, announcement bar, config sidebars and
 * the home page's hero buttons. They are checked like the links of pages, and reported where they are written.
 */
export function declaredLinks(
  site: SiteConfig,
  model: ContentModel,
  config: { file: string; source: string },
): DeclaredLink[] {
  const links: DeclaredLink[] = [];
  const add = (holder: string, href: string | undefined) => {
    if (href) links.push({ holder, href, where: whereIs(href, config.file, config.source, site.baseUrl) });
  };
  for (const item of site.navbar.items) {
    if (item.type === 'link') add('navbar', item.to ?? item.href);
    if (item.type === 'dropdown') for (const child of item.items) add(`navbar "${item.label}"`, child.to ?? child.href);
    if (item.type === 'localeDropdown' || item.type === 'docsVersionDropdown') {
      for (const child of item.itemsAfter) add('navbar', child.to ?? child.href);
    }
  }
  for (const column of site.footer.columns) {
    for (const item of column.items) if (!('html' in item)) add(`footer "${column.title}"`, item.to ?? item.href);
  }
  for (const match of site.announcementBar?.content.matchAll(/href="([^"]*)"/g) ?? []) add('announcementBar', match[1]);
  const sidebarLinks = (id: string, items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type === 'link' && !item.docId) add(`sidebar "${id}"`, item.href);
      if (item.type === 'category') sidebarLinks(id, item.items);
    }
  };
  for (const [id, items] of Object.entries(model.sidebars.sidebars)) sidebarLinks(id, items);
  // Every breadcrumb trail starts with a link to the docs' home page (and the version dropdown leads there).
  if (model.sidebars.navigation.size > 0) {
    links.push({
      holder: 'breadcrumbs',
      href: model.docsHomeRoute,
      where: whereIs(site.docs.version.mainDocId ?? 'mainDocId', config.file, config.source, site.baseUrl),
    });
  }
  for (const page of model.pages) {
    for (const action of page.frontMatter.hero?.actions ?? []) {
      links.push({
        holder: 'hero',
        href: action.href,
        where: { file: page.source.file, line: page.source.keyLines.hero ?? 1, column: 1 },
      });
    }
  }
  return links;
}
