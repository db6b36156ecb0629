import { showChunkError } from '../chunk-error';
import { isModK, isOpenHotkey } from './hotkeys';
import type { MountedSearch } from './mount-search';

const installed = Symbol.for('docs-it.search.installed');

/**
 * Makes every `[data-search-button]` and the hotkeys (Ctrl/⌘+K, `s`, `/`) open the search modal. Nothing
 * else loads with the page: the modal, its provider and the index come in on first use (or when the
 * pointer reaches the button). Returns a function that removes the listeners.
 */
export function installSearch(): () => void {
  // Idempotent, even across bundles (a test harness next to the site's own bundle): one set of listeners.
  const registry = document as Document & { [installed]?: boolean };
  if (registry[installed]) return () => undefined;
  registry[installed] = true;
  let mounted: Promise<MountedSearch> | undefined;
  const load = () =>
    (mounted ??= import('./mount-search')
      .then((m) => m.mountSearch())
      .catch((error: unknown) => {
        mounted = undefined;
        throw error;
      }));
  // A chunk that fails to load (network, a new deploy) shows a red box with a 'Retry' button.
  const failed = (error: unknown) => {
    console.error('Loading the search failed:', error);
    showChunkError(error, () => void open());
  };
  const open = (): Promise<void> => load().then((search) => search.open(), failed);

  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('[data-search-button]') : null;
    if (!button) return;
    event.preventDefault();
    void open();
  };
  const onPointer = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('[data-search-button]'))
      void load().catch(() => undefined);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || !isOpenHotkey(event)) return;
    // Ctrl/⌘+K toggles; the single keys only open (while open they are typed into the input).
    if (isModK(event)) {
      event.preventDefault();
      void load().then((search) => (search.isOpen ? search.close() : search.open()), failed);
      return;
    }
    if (document.querySelector('.search-modal')) return;
    event.preventDefault();
    void open();
  };

  document.addEventListener('click', onClick);
  document.addEventListener('pointerover', onPointer, { passive: true });
  document.addEventListener('focusin', onPointer);
  document.addEventListener('keydown', onKeyDown);
  return () => {
    registry[installed] = false;
    document.removeEventListener('click', onClick);
    document.removeEventListener('pointerover', onPointer);
    document.removeEventListener('focusin', onPointer);
    document.removeEventListener('keydown', onKeyDown);
  };
}
