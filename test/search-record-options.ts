import type { RecordOptions } from '../src/search/records';

/** The Italian site's search record options, as the search index's tests make records with them. */
export const italianRecordOptions: RecordOptions = {
  baseUrl: '/it/',
  lang: 'it',
  version: 'v1',
  blogLabel: 'Blog',
  kindCategories: { page: 'Pagine' },
};
