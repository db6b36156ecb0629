import { createRoot, type Root } from 'react-dom/client';
import { InterfaceTextContext } from '../../../templates/text';
import { clientConfig } from '../client-config';
import { recentSearchesKey } from './recent-searches';
import { SearchModal } from './SearchModal';
import type { SearchProvider } from './types';

/** The provider the site is configured with; each is its own chunk, so only one is ever downloaded. */
async function createProvider(): Promise<SearchProvider> {
  const search = clientConfig.search;
  if (search.provider === 'meilisearch') {
    const { createMeilisearchProvider } = await import('./meilisearch-provider');
    return createMeilisearchProvider(search, clientConfig.lang);
  }
  const { createLocalProvider } = await import('./local-provider');
  return createLocalProvider(search.localIndexUrl ?? `${clientConfig.baseUrl}search/local-index.json`);
}

export interface MountedSearch {
  open(): void;
  close(): void;
  readonly isOpen: boolean;
}

/** Mounts the search modal (closed) in its own container at the end of `<body>`. */
export async function mountSearch(): Promise<MountedSearch> {
  const provider = await createProvider();
  const container = document.createElement('div');
  container.className = 'search-modal-root';
  document.body.append(container);
  const root: Root = createRoot(container);
  let isOpen = false;
  const render = () =>
    root.render(
      isOpen ? (
        <InterfaceTextContext.Provider value={clientConfig.chrome.text}>
          <SearchModal
            provider={provider}
            sections={clientConfig.search.sections}
            recentKey={recentSearchesKey(clientConfig.baseUrl)}
            onClose={close}
          />
        </InterfaceTextContext.Provider>
      ) : null,
    );
  function close() {
    if (!isOpen) return;
    isOpen = false;
    render();
  }
  return {
    open() {
      if (isOpen) return;
      isOpen = true;
      render();
    },
    close,
    get isOpen() {
      return isOpen;
    },
  };
}
