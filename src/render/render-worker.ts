/*
 * A render worker: a thread that renders routes to their HTML documents for the build (see
 * src/site/files/render-pool). It loads the theme's templates and React, and nothing else of the CLI. What all
 * pages share comes once, as its `workerData`; each page comes as its route's props, and goes back as the
 * document's bytes, their buffer transferred (no copy of the HTML between threads).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { provideModulesToSiteCode } from '../../templates/content/site-modules';
import {
  provideThemeOriginals,
  setThemeOverrides,
  type ThemeOverrideComponents,
} from '../../templates/theme-components';
import { overrideExportName } from '../shared/theme-components';
import { createFragmentCache } from './fragment-cache';
import { renderPageBytes } from './render-page';
import type { FromRenderWorker, RenderShared, ToRenderWorker } from './render-protocol';

const port = parentPort!;
const shared = workerData as RenderShared;
const send = (message: FromRenderWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
// Each worker keeps its own: a fragment's markup does not depend on which thread rendered it.
const fragments = createFragmentCache();

// The site's overrides, loaded as the build's thread loaded them (see `loadThemeOverrides`), which checked them.
if (shared.overrides) {
  provideModulesToSiteCode();
  provideThemeOriginals();
  const loaded = (await import(shared.overrides.url)) as Record<string, unknown>;
  const components: ThemeOverrideComponents = {};
  for (const name of shared.overrides.names) components[name] = loaded[overrideExportName(name)];
  setThemeOverrides(components);
}

port.on('message', (message: ToRenderWorker) => {
  const { id, page } = message;
  try {
    const sidebar = page.sidebarId ? shared.sidebars[page.sidebarId] : undefined;
    const bytes = renderPageBytes({ ...shared, page, sidebar, theme: '' }, fragments);
    send({ type: 'rendered', id, bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    send({ type: 'failed', id, message: e.message, ...(e.stack ? { stack: e.stack } : {}) });
  }
});
send({ type: 'ready' });
