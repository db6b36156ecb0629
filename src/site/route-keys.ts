/*
 * What a build's route key props gave (`Site.routeKeyPage`: its key, its problems, whether search engines index
 * it), kept across builds. The props are a function of the site's config, interface text and content model (the
 * key `Stages.routeInputsKey` makes, with `modelDigestOf`) and of the pages they ask for, each as its stand-in
 * (site/page-stand-in.ts). An entry is kept under the first and lists the second: a warm build takes it while every
 * page it lists has the same stand-in, so after one edit only the routes that show the edited page make props again,
 * and every other route reports the problems a cold build would find. A route that asked for an asset's URL (read
 * from a file next to the pages) is not kept: it is made every build.
 */
import { DocsItError, type SourceLocation } from '../errors';

/** What the keys of a route's files take of its key props (`Site.routeKey`): a few strings, not the props. */
export interface RouteKey {
  /** `digestOf` the route's key props. */
  digest: string;
  /** The sidebar its pages show, if any. */
  sidebarId: string | undefined;
  /** Its props' path: where the page's window of its sidebar is taken (see `pageSidebar`). */
  path: string;
  /** A digest of what its page renders of its sidebar (`renderedSidebarKey`), for its render key. */
  sidebar: string | undefined;
  /** Whether search takes the route (`searchPageOf` gives a page for it: its kind, title and flags decide). */
  searchable: boolean;
  /** Whether the route shows its own page's content (then its search blocks are its page's). */
  blocks: boolean;
}

/** Changes when what an entry holds, or what its route key takes, changes (entries of another one are misses). */
export const keptRoutesFormat = 2;

export interface KeptRoute {
  /** The pages the props were made from, each with its stand-in's HTML (the token of its compile and link keys). */
  pages: [file: string, standIn: string][];
  key: RouteKey;
  /** The problems the props found (`routeKeyPage`'s). */
  problems: { message: string; location?: SourceLocation; hint?: string }[];
  /** Its page's path when search engines may index it (the sitemap's), else null. */
  indexed: string | null;
}

/** The cache's key of a route's entry: the site's inputs (`routeInputsKey`) and the route's path. */
export function keptRouteKey(inputs: string, route: string): string {
  return `${inputs}:${route}`;
}

export function encodeKeptRoute(
  pages: KeptRoute['pages'],
  key: RouteKey,
  problems: readonly DocsItError[],
  indexed: string | undefined,
): string {
  const kept: KeptRoute = {
    pages,
    key,
    problems: problems.map((p) => ({
      message: p.message,
      ...(p.location ? { location: p.location } : {}),
      ...(p.hint !== undefined ? { hint: p.hint } : {}),
    })),
    indexed: indexed ?? null,
  };
  return JSON.stringify(kept);
}

/** An entry read back, or undefined when it does not parse or is of another layout (then the route is made). */
export function decodeKeptRoute(text: string): KeptRoute | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isKeptRoute(value) ? value : undefined;
}

/** A kept problem as the error the props made. */
export function problemOf(kept: KeptRoute['problems'][number]): DocsItError {
  return new DocsItError(kept.message, kept.location, kept.hint);
}

function isKeptRoute(value: unknown): value is KeptRoute {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const key = v.key as Record<string, unknown> | null;
  return (
    Array.isArray(v.pages) &&
    v.pages.every((p) => Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'string') &&
    typeof key === 'object' &&
    key !== null &&
    typeof key.digest === 'string' &&
    (key.sidebarId === undefined || typeof key.sidebarId === 'string') &&
    typeof key.path === 'string' &&
    (key.sidebar === undefined || typeof key.sidebar === 'string') &&
    typeof key.searchable === 'boolean' &&
    typeof key.blocks === 'boolean' &&
    Array.isArray(v.problems) &&
    v.problems.every((p) => typeof (p as { message?: unknown }).message === 'string') &&
    (v.indexed === null || typeof v.indexed === 'string')
  );
}
