import { withBaseUrl } from '../shared/base-url';
import type { SiteConfig } from './site-schema';

/**
 * The navbar's and footer's `to` links under the base URL, as Docusaurus does (its `useBaseUrl`), so a config
 * copied from a Docusaurus site links where it did there; links that already have the base URL stay.
 */
export function configLinksWithBaseUrl(site: SiteConfig): SiteConfig {
  const fix = <T extends { to?: string | undefined }>(item: T): T =>
    item.to === undefined ? item : { ...item, to: withBaseUrl(site.baseUrl, item.to) };
  return {
    ...site,
    navbar: {
      ...site.navbar,
      items: site.navbar.items.map((item) => {
        if (item.type === 'link') return fix(item);
        if (item.type === 'dropdown') return { ...item, items: item.items.map(fix) };
        if (item.type === 'localeDropdown' || item.type === 'docsVersionDropdown')
          return { ...item, itemsAfter: item.itemsAfter.map(fix) };
        return item;
      }),
    },
    footer: {
      ...site.footer,
      columns: site.footer.columns.map((column) => ({
        ...column,
        items: column.items.map((item) => ('html' in item ? item : fix(item))),
      })),
    },
  };
}
