/*
 * The browser entry: hydrates the server-rendered page with React (react-dom/client), the same templates the
 * server rendered, and turns the site into a single-page app.
 */
import themeOverrides from 'docs-it:theme-overrides';
import { hydrateRoot } from 'react-dom/client';
import { setThemeOverrides } from '../../templates/theme-components';
import type { HydrationData } from '../shared/route-data';
import { ClientApp } from './app/ClientApp';
import { clientConfig } from './client-config';
import { installContentWidgets } from './content-widgets';
import { reportRecoverable } from './recoverable-errors';
import { registerServiceWorker } from './register-sw';
import { installSearch } from './search/install-search';

const root = document.getElementById('__docs');
const dataElement = document.getElementById('__docs-data');
// Before anything renders: the server drew the same overrides.
setThemeOverrides(themeOverrides);
if (root && dataElement) {
  const data = JSON.parse(dataElement.textContent ?? '{}') as HydrationData;
  // The content HTML is already in the page: reuse it instead of sending it twice.
  // Its element is `.content`, or `.home-content` on the home page (templates/Pages.tsx).
  if ('contentHtml' in data.page)
    data.page.contentHtml = root.querySelector('.home-content, .content')?.innerHTML ?? '';
  installContentWidgets();
  hydrateRoot(
    root,
    <ClientApp
      chrome={clientConfig.chrome}
      initial={data}
      notFoundPath={clientConfig.notFoundPath}
      siteTitle={clientConfig.siteTitle}
      root={root}
    />,
    { onRecoverableError: reportRecoverable },
  );
}
// The search modal and its index load on first use; only the listeners are installed now.
installSearch();
registerServiceWorker(clientConfig);
