import { translatorOf } from '../shared/i18n/interface-text';
import { keptFilesParam } from '../shared/kept-files';
import type { ClientConfig } from './client-config';

type Strategy = ClientConfig['pwa']['offlineModeActivationStrategies'][number];

/** Offline mode: the app is installed, runs standalone, or the reader saves data (spec §4). */
async function isOfflineMode(strategies: Strategy[]): Promise<boolean> {
  const checks: Record<string, () => boolean | Promise<boolean>> = {
    appInstalled: async () => {
      const nav = navigator as Navigator & { getInstalledRelatedApps?: () => Promise<unknown[]> };
      return nav.getInstalledRelatedApps ? (await nav.getInstalledRelatedApps()).length > 0 : false;
    },
    standalone: () =>
      window.matchMedia('(display-mode: standalone)').matches ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
    saveData: () => !!(navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData,
    always: () => true,
    mobile: () => window.innerWidth <= 996,
    queryString: () => new URLSearchParams(location.search).get('offlineMode') === 'true',
  };
  for (const strategy of strategies) if (await (checks[strategy]?.() ?? false)) return true;
  return false;
}

/** A small popup offering the new version (offline mode only: a reader may be in the middle of something). */
function showReloadPopup(config: ClientConfig, onReload: () => void): void {
  const { t } = translatorOf(config.chrome.text);
  const popup = document.createElement('div');
  popup.className = 'sw-reload-popup';
  popup.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = t('theme.PwaReloadPopup.info');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button button-primary';
  reload.textContent = t('theme.PwaReloadPopup.refreshButtonText');
  reload.addEventListener('click', () => {
    reload.disabled = true;
    onReload();
  });
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'sw-reload-close';
  close.setAttribute('aria-label', t('theme.PwaReloadPopup.closeButtonAriaLabel'));
  close.textContent = '×';
  close.addEventListener('click', () => popup.remove());
  popup.append(text, reload, close);
  document.body.append(popup);
}

/**
 * Registers `<base>/sw.js` in production builds; `docs-it dev` never does. The browser's own API: workbox-window
 * would add a chunk to every first visit for these few lines.
 */
export function registerServiceWorker(config: ClientConfig): void {
  if (config.mode !== 'production' || !('serviceWorker' in navigator)) return;
  const start = async () => {
    const offlineMode = await isOfflineMode(config.pwa.offlineModeActivationStrategies);
    const url =
      `${config.baseUrl}sw.js?offlineMode=${offlineMode}&debug=${config.pwa.debug}` +
      `&${keptFilesParam}=${config.pwa.keepMaxFiles}`;
    // A new worker waits until this page lets it take over (src/service-worker/sw.ts skips waiting on this
    // message); the page then reloads under it.
    const activate = (worker: ServiceWorker) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      worker.postMessage({ type: 'SKIP_WAITING' });
    };
    const onWaiting = (worker: ServiceWorker) =>
      offlineMode ? showReloadPopup(config, () => activate(worker)) : activate(worker);
    try {
      const registration = await navigator.serviceWorker.register(url, { scope: config.baseUrl });
      // A worker already waiting from an earlier visit, or one installed from now on while another controls the
      // page (the first worker of a visit takes control by itself: nothing to wait for).
      if (registration.waiting && navigator.serviceWorker.controller) onWaiting(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && navigator.serviceWorker.controller) onWaiting(installing);
        });
      });
    } catch (error) {
      console.error('registerSW failed', error);
    }
  };
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
  // Installing changes the offline mode: start again with a worker registered for it.
  window.addEventListener('appinstalled', async () => {
    const registration = await navigator.serviceWorker.getRegistration(config.baseUrl);
    await registration?.unregister();
    window.location.reload();
  });
}
