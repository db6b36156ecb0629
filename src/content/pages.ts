import type { ErrorCollector } from '../errors';
import { joinRoute, notFoundRouteOf } from '../shared/urls';
import type { Page } from './content-types';
import type { PageFrontMatter } from './front-matter';
import { pageTitleOf } from './page-heading';
import { baseName, dirOf, isIndexName, stripExtension } from './paths';
import type { ParsedSource } from './source-file';

/**
 * Standalone pages from `content/pages`: `index.md` is the home page, `404.md` the page unknown paths show,
 * a page with `layout: releases` lists the releases of `content/data/releases.ts`; the rest are plain pages.
 */
export function buildPages(sources: ParsedSource[], baseUrl: string, errors: ErrorCollector): Page[] {
  const pages: Page[] = [];
  for (const source of sources) {
    const fm = source.frontMatter as PageFrontMatter;
    if (fm.draft) continue;
    const id = stripExtension(source.relPath);
    const titled = pageTitleOf(source, 'page', errors);
    if (!titled) continue;
    const { title, heading } = titled;
    const kind = id === 'index' ? 'home' : id === '404' ? 'not-found' : fm.layout === 'releases' ? 'releases' : 'page';
    let route: string;
    if (kind === 'not-found') route = notFoundRouteOf(baseUrl);
    else if (fm.slug !== undefined) route = joinRoute(baseUrl, fm.slug);
    else route = isIndexName(baseName(id)) ? joinRoute(baseUrl, dirOf(id)) : joinRoute(baseUrl, id);
    pages.push({ source, frontMatter: fm, title, route, kind, ...(heading ? { titleLine: heading.line } : {}) });
  }
  return pages;
}
