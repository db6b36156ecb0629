import type { BrokenLinkPolicies } from '../../config/broken-link-policies';
import type { BrokenLinkPolicy } from '../../config/broken-links-schema';
import { DocsItError, ErrorCollector, type SourceLocation } from '../../errors';
import type { LinkRef } from '../../markdown/compiled-page';
import { isExternalUrl } from '../../shared/url-scheme';

/** A link the site itself makes (navbar, footer, sidebars, hero buttons), found where the site declares it. */
export interface DeclaredLink {
  /** What holds the link, for the message: `navbar`, `footer`, `sidebar "guide"`… */
  holder: string;
  href: string;
  where: SourceLocation;
}

export interface LinkCheckInput {
  /** Every published route (the not-found page excepted). */
  routes: Set<string>;
  /** URLs of the files links may point to besides pages: static files, feeds, the sitemap… */
  files: ReadonlySet<string>;
  /** Element ids of each page, by route; pages not listed (generated lists) have no checked anchors. */
  idsOfRoute: Map<string, Set<string>>;
  /** Each content file's links, already resolved to routes. */
  pageLinks: Map<string, LinkRef[]>;
  declared: DeclaredLink[];
}

/** Splits a site-relative URL into the route it names and its anchor (`/a/b/#c` → `/a/b`, `c`). */
export function routeOfHref(href: string, baseUrl: string): { path: string; anchor?: string } {
  const hashAt = href.indexOf('#');
  const pathPart = hashAt === -1 ? href : href.slice(0, hashAt);
  const anchor = hashAt === -1 ? undefined : decodeURIComponent(href.slice(hashAt + 1));
  const clean = pathPart.length > 1 ? pathPart.replace(/\/index\.html$/, '').replace(/\/$/, '') : pathPart;
  return { path: `${clean}/` === baseUrl ? baseUrl : clean, anchor };
}

/**
 * Checks every internal link and anchor of the site: throws all broken ones with file:line:column, and returns
 * those the site's policies (`onBrokenLinks`, `onBrokenAnchors`) make warnings.
 */
export function checkLinks(
  input: LinkCheckInput,
  baseUrl: string,
  policies: Pick<BrokenLinkPolicies, 'links' | 'anchors'> = { links: 'throw', anchors: 'throw' },
): DocsItError[] {
  const errors = new ErrorCollector();
  const warnings: DocsItError[] = [];
  const report = (policy: BrokenLinkPolicy, problem: DocsItError) => {
    if (policy === 'throw') errors.add(problem);
    else if (policy === 'warn') warnings.push(problem);
  };
  const check = (link: { path: string; anchor?: string; kind: string }, where: SourceLocation, holder?: string) => {
    const prefix = holder ? `${holder}: ` : '';
    if (link.kind === 'image') {
      if (!input.files.has(link.path)) {
        errors.add(
          new DocsItError(
            `${prefix}missing image ${link.path}`,
            where,
            'Add the file under content/static/ (it is published under the base URL) or fix the path.',
          ),
        );
      }
      return;
    }
    if (!input.routes.has(link.path)) {
      if (input.files.has(link.path)) return;
      report(
        policies.links,
        new DocsItError(
          `${prefix}broken link: ${link.path} is not a page of this site`,
          where,
          'Link to an existing route (see the route table) or to the .md file of the page.',
        ),
      );
      return;
    }
    if (!link.anchor) return;
    const ids = input.idsOfRoute.get(link.path);
    if (ids && !ids.has(link.anchor)) {
      report(
        policies.anchors,
        new DocsItError(
          `${prefix}broken anchor: #${link.anchor} does not exist on ${link.path}`,
          where,
          'Use the id of a heading of that page, or give the heading an explicit `{#id}`.',
        ),
      );
    }
  };
  for (const [file, links] of input.pageLinks) {
    for (const link of links) {
      if (link.kind !== 'file' && link.kind !== 'asset') check(link, { file, line: link.line, column: link.column });
    }
  }
  for (const link of input.declared) {
    if (isExternalUrl(link.href) || link.href.startsWith('#')) continue;
    // A bare relative path (`blog`, `docs/intro`) is a link that resolves differently on every page.
    if (/^[\w.~-]+(\/\S*)?$/.test(link.href)) {
      errors.add(
        new DocsItError(
          `${link.holder}: "${link.href}" is neither a URL nor a path of this site`,
          link.where,
          `Write the path from the site root, e.g. ${baseUrl}${link.href}, or a full URL.`,
        ),
      );
      continue;
    }
    if (!link.href.startsWith('/')) continue;
    check({ ...routeOfHref(link.href, baseUrl), kind: 'link' }, link.where, link.holder);
  }
  errors.throwIfAny();
  return warnings;
}
