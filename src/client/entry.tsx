/*
 * The browser entry: hydrates the server-rendered page and turns the site into a single-page app.
 * In the bundle `react` resolves to preact/compat: the same templates, a fraction of the JavaScript (README).
 */
import { hydrateRoot } from 'react-dom/client';
import type { HydrationData } from '../../templates/types';
import { ClientApp } from './app/ClientApp';
import { clientConfig } from './client-config';
import { installContentWidgets } from './content-widgets';
import { registerServiceWorker } from './register-sw';
import { installSearch } from './search/install-search';

const root = document.getElementById('__docs');
const dataElement = document.getElementById('__docs-data');
if (root && dataElement) {
  const data = JSON.parse(dataElement.textContent ?? '{}') as HydrationData;
  // The content HTML is already in the page: reuse it instead of sending it twice.
  if ('contentHtml' in data.page) data.page.contentHtml = root.querySelector('.content')?.innerHTML ?? '';
  installContentWidgets();
  hydrateRoot(
    root,
    <ClientApp
      chrome={clientConfig.chrome}
      initial={data}
      notFoundPath={clientConfig.notFoundPath}
      siteTitle={clientConfig.siteTitle}
    />,
  );
}
// The search modal and its index load on first use; only the listeners are installed now.
installSearch();
registerServiceWorker(clientConfig);
