/** What the build's thread and a render worker (render-worker.ts) say to each other. */
import type { SiteConfig } from '../config/site-schema';
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
}

/** A bundle of overrides of theme components (see `loadThemeOverrides`): its module, and the components it exports. */
export interface ServerOverrides {
  url: string;
  names: ThemeComponentName[];
}

export type ToRenderWorker = { type: 'render'; id: number; page: RoutePage };

export type FromRenderWorker =
  | { type: 'ready' }
  /** The page's HTML document, UTF-8, its buffer transferred. */
  | { type: 'rendered'; id: number; bytes: Uint8Array }
  | { type: 'failed'; id: number; message: string; stack?: string };
