/** What the build's thread and a render worker (render-worker.ts) say to each other. */
import type { SiteConfig } from '../config/site-schema';
import type { SearchBlock } from '../markdown/compiled-page';
import type { RecordOptions } from '../search/records';
import type { SidebarItem } from '../shared/sidebar';
import type { SiteChrome } from '../shared/site-chrome';
import type { ThemeComponentName } from '../shared/theme-components';
import type { DocumentAssets } from './document';
import type { RoutePage } from './route-props';

/** What every page of a build renders with: sent once to each worker. */
export interface RenderShared {
  site: SiteConfig;
  chrome: SiteChrome;
  assets: DocumentAssets;
  hasBlog: boolean;
  /** Every sidebar by id, as pages draw them (`clientSidebars`). */
  sidebars: Record<string, SidebarItem[]>;
  /** The bundle of the site's overrides of theme components the build's thread renders with, when it has some. */
  overrides?: ServerOverrides;
  /** What each page's search part is made with (see `SearchPartJob`), when the build asks for parts. */
  search?: { stopWords: readonly string[]; options: RecordOptions };
}

/**
 * A route's search part (search/page-part.ts) to make beside its HTML: the worker holds the route's props then, so
 * the search stage neither reads the page back nor makes the part on the build's thread.
 */
export interface SearchPartJob {
  /** The part's key (`PagePart.key`). */
  key: string;
  /** The search blocks of the route's page (none for a route without content of its own). */
  blocks: SearchBlock[];
}

/** A bundle of overrides of theme components (see `loadThemeOverrides`): its module, and the components it exports. */
export interface ServerOverrides {
  url: string;
  names: ThemeComponentName[];
}

export type ToRenderWorker = { type: 'render'; id: number; page: RoutePage; search?: SearchPartJob };

export type FromRenderWorker =
  | { type: 'ready' }
  /**
   * The page's HTML document, UTF-8, its buffer transferred; with its search part's file (`partFileOf`, UTF-8,
   * transferred) when one was asked for and search takes the route.
   */
  | { type: 'rendered'; id: number; bytes: Uint8Array; part?: Uint8Array }
  | { type: 'failed'; id: number; message: string; stack?: string };
