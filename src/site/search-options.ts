import type { SiteConfig } from '../config/site-schema';
import { kindCategoriesOf, type RecordOptions } from '../search/records';
import { type InterfaceText, translatorOf } from '../shared/i18n/interface-text';

/**
 * What every search record says of the site (its base URL, language, version, categories): the search stage's,
 * and whether search takes a route, which a build's route keys hold (`Site.routeKey`).
 */
export function searchRecordOptionsOf(site: SiteConfig, text: InterfaceText): RecordOptions {
  return {
    baseUrl: site.baseUrl,
    lang: site.i18n.currentLocale,
    version: site.docs.version.label,
    blogLabel: site.blog.title,
    kindCategories: kindCategoriesOf(translatorOf(text)),
  };
}
