import { hash as oneShotHash } from 'node:crypto';
import type { SearchBlock } from '../markdown/compiled-page';
import { admonitionKinds } from '../shared/admonitions';
import { themeCatalogues } from '../shared/i18n/catalogues';
import type { TranslationId, Translator } from '../shared/i18n/interface-text';
import type { RouteProps } from '../shared/route-data';

/** One searchable unit: a heading section's title, or a block of its text. The shape Meilisearch stores. */
export interface SearchRecord {
  /** Stable across builds while the page, section and text are unchanged (a content hash). */
  id: string;
  hierarchy_lvl0: string;
  hierarchy_lvl1: string;
  hierarchy_lvl2: string | null;
  hierarchy_lvl3: string | null;
  hierarchy_lvl4: string | null;
  hierarchy_lvl5: string | null;
  hierarchy_lvl6: string | null;
  /** Body text; null on a heading record. */
  content: string | null;
  /** Route path of the page, without the anchor. */
  url: string;
  /** Id of the section's heading; null for text above the first heading. */
  anchor: string | null;
  /** `lvl1`…`lvl6` for a heading record, `content` for a text block. */
  type: 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';
  /**
   * On the page's title record (`lvl1`), what the page says of itself besides its title: its front matter
   * `keywords`, its sidebar label and the words of its slug, comma-separated; null on the other records.
   */
  keywords: string | null;
  /** On the page's title record, its front matter `description`; null on the other records. */
  description: string | null;
  /**
   * Higher first when the text matches equally well: docs over other pages over blog posts (the page's weight, in
   * hundreds), then titles (90) over headings (80…40) over body text (10…0).
   */
  rank: number;
  lang: string;
  version: string;
}

export interface RecordOptions {
  /** The site's base URL: the page at it has no slug of its own. */
  baseUrl: string;
  /** `lang` of every record (the site's current locale). */
  lang: string;
  /** `version` of every record (the docs version label). */
  version: string;
  /** Category of blog posts (the blog's title). */
  blogLabel: string;
  /** Category of pages in no docs sidebar and not in the blog, by route kind (see `kindCategoriesOf`). */
  kindCategories: Partial<Record<RouteProps['kind'], string>>;
}

export const hierarchyLevels = [0, 1, 2, 3, 4, 5, 6] as const;
export type HierarchyKey = `hierarchy_lvl${(typeof hierarchyLevels)[number]}`;

/** The interface string naming the category of pages that are in no docs sidebar nor in the blog, by kind. */
const kindCategoryIds: Partial<Record<RouteProps['kind'], TranslationId>> = {
  home: 'theme.SearchPage.category.home',
  page: 'theme.SearchPage.category.page',
  releases: 'theme.SearchPage.category.releases',
  'docs-home': 'theme.SearchPage.category.docs',
  doc: 'theme.SearchPage.category.docs',
};

/** `RecordOptions.kindCategories` in the site's interface language. */
export function kindCategoriesOf(text: Translator): RecordOptions['kindCategories'] {
  return Object.fromEntries(Object.entries(kindCategoryIds).map(([kind, id]) => [kind, text.t(id)]));
}

/** Default admonition titles (the theme's, in any language) say nothing on their own; custom ones are kept. */
const defaultTitles = new Set(
  Object.values(themeCatalogues).flatMap((strings) => Object.values(admonitionKinds).map((id) => strings[id])),
);

/** Category (lvl0) of a page: its sidebar's top-level category, the blog, or its kind. */
export function categoryOf(props: RouteProps, options: RecordOptions): string | undefined {
  if (props.kind === 'doc' && props.breadcrumbs[0]) return props.breadcrumbs[0].label;
  if (props.kind === 'blog-post') return options.blogLabel;
  return options.kindCategories[props.kind];
}

const headingRank = (level: number) => 100 - 10 * level;
const textRank = (position: number) => Math.max(0, 10 - position);

/**
 * How much a page's matches count against another's for the same text: the docs first, then the site's other
 * pages (home, about pages, release notes), then blog posts, which say what was new at a date: a post comes
 * before the docs only when its text matches clearly better (a release note names a feature in its title and
 * headings as the guide about it does).
 */
export function pageWeightOf(kind: RouteProps['kind']): number {
  if (kind === 'doc' || kind === 'docs-home') return 1;
  if (kind === 'blog-post') return 0.6;
  return 0.9;
}

/** The weight (`pageWeightOf`) of the page a record belongs to, as its rank holds it. */
export const pageWeightOfRecord = (record: Pick<SearchRecord, 'rank'>) => Math.floor(record.rank / 100) / 100;

/** A page as search sees it: where it is, what it is called, what it says of itself, its headings and text. */
export interface SearchPage {
  url: string;
  title: string;
  /** The category (lvl0) of its hits. */
  category: string;
  /** Front matter `keywords`, the sidebar label (when it is not the title) and the words of the slug. */
  keywords: string[];
  /** Front matter `description`. */
  description: string | null;
  /** See `pageWeightOf`. */
  weight: number;
  blocks: SearchBlock[];
}

/** A route as search sees it, or undefined for pages search leaves out (lists, archive, 404, noindex pages). */
export function searchPageOf(
  page: { props: RouteProps; noIndex: boolean; keywords?: string[] },
  blocks: SearchBlock[],
  options: RecordOptions,
): SearchPage | undefined {
  const { props } = page;
  const category = categoryOf(props, options);
  if (page.noIndex || category === undefined) return undefined;
  const keywords = [...(page.keywords ?? [])];
  // A doc's last breadcrumb is its sidebar label (`sidebar_label`, or the title).
  const label = props.kind === 'doc' ? props.breadcrumbs.at(-1)?.label : undefined;
  if (label && label !== props.title) keywords.push(label);
  const slug = props.path.length > options.baseUrl.length ? props.path.split('/').filter(Boolean).at(-1) : undefined;
  if (slug) keywords.push(slug.replace(/[-_]+/g, ' '));
  const description = props.description || null;
  return {
    url: props.path,
    title: props.title,
    category,
    keywords,
    description,
    weight: pageWeightOf(props.kind),
    blocks,
  };
}

/** One record per heading section and per text block of every page. */
export function extractSearchRecords(pages: SearchPage[], options: RecordOptions): SearchRecord[] {
  return pages.flatMap((page) => pageRecords(page, options));
}

/**
 * One record per heading section and per text block of a page. A record's id hashes its page's URL, so ids repeat
 * only within a page: each page is made alone (a build streams them).
 */
export function pageRecords(page: SearchPage, options: RecordOptions): SearchRecord[] {
  const records: SearchRecord[] = [];
  const seen = new Map<string, number>();
  const props = page;
  const lvl0 = page.category;
  const url = props.url;
  const levels: (string | null)[] = [lvl0, props.title, null, null, null, null, null];
  let anchor: string | null = null;
  let position = 0;
  const pageRank = Math.round(page.weight * 100) * 100;
  const push = (type: SearchRecord['type'], content: string | null, rank: number) => {
    const record: SearchRecord = {
      id: '',
      hierarchy_lvl0: lvl0,
      hierarchy_lvl1: props.title,
      hierarchy_lvl2: levels[2]!,
      hierarchy_lvl3: levels[3]!,
      hierarchy_lvl4: levels[4]!,
      hierarchy_lvl5: levels[5]!,
      hierarchy_lvl6: levels[6]!,
      content,
      url,
      anchor,
      type,
      keywords: type === 'lvl1' && page.keywords.length ? page.keywords.join(', ') : null,
      description: type === 'lvl1' ? page.description : null,
      rank: pageRank + rank,
      lang: options.lang,
      version: options.version,
    };
    record.id = stableId(record, seen);
    records.push(record);
  };
  push('lvl1', null, headingRank(1));
  for (const block of page.blocks) {
    if (block.kind === 'heading') {
      // An h1 in the body stands for the page title; a heading without an id cannot be linked to.
      if (block.level < 2 || !block.id) continue;
      levels[block.level] = block.text;
      for (let l = block.level + 1; l <= 6; l++) levels[l] = null;
      anchor = block.id;
      position = 0;
      push(`lvl${block.level}` as SearchRecord['type'], null, headingRank(block.level));
    } else if (!defaultTitles.has(block.text)) {
      push('content', block.text, textRank(position++));
    }
  }
  return records;
}

/** A short content hash of what the record says and where; repeats of the same text get a counter. */
function stableId(record: SearchRecord, seen: Map<string, number>): string {
  // One string made by concatenation: no array of the levels, no spread, no join (a site has one per record).
  const key =
    `${record.url}\0${record.anchor ?? ''}\0${record.type}` +
    `\0${record.hierarchy_lvl0 ?? ''}\0${record.hierarchy_lvl1 ?? ''}\0${record.hierarchy_lvl2 ?? ''}` +
    `\0${record.hierarchy_lvl3 ?? ''}\0${record.hierarchy_lvl4 ?? ''}\0${record.hierarchy_lvl5 ?? ''}` +
    `\0${record.hierarchy_lvl6 ?? ''}\0${record.content ?? ''}`;
  // One-shot `hash`: faster than a Hash object on short strings (docs/measurements.md), and a site has one per record.
  const hash = oneShotHash('sha1', key, 'base64url').slice(0, 16);
  const count = seen.get(hash) ?? 0;
  seen.set(hash, count + 1);
  return count === 0 ? hash : `${hash}-${count}`;
}
