/**
 * The app's history entries. Each carries a key, under which the app remembers where the reader left it: on
 * Back and Forward the app, not the browser, puts the window back there (the browser would put a section's
 * entry back at the section, not where the reader had scrolled to, and a page's entry before its content).
 */
export interface EntryState {
  key?: string;
  /** Where the entry was left for another page (kept in the entry so that it survives a reload). */
  scrollY?: number;
}

function stateObject(): EntryState {
  const state: unknown = history.state;
  return state !== null && typeof state === 'object' ? (state as EntryState) : {};
}

export function newEntryKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** The current entry's key, if it has one (the browser makes entries for hashes without). */
export function entryKey(): string | undefined {
  const { key } = stateObject();
  return typeof key === 'string' ? key : undefined;
}

/** The current entry's key, given to it first when it has none. */
export function currentEntryKey(): string {
  const key = entryKey();
  if (key !== undefined) return key;
  const fresh = newEntryKey();
  history.replaceState({ ...stateObject(), key: fresh }, '');
  return fresh;
}

/** The position stored in the current entry when it was left for another page. */
export function storedScrollY(): number | undefined {
  const { scrollY } = stateObject();
  return typeof scrollY === 'number' ? scrollY : undefined;
}

/** Stores where the current entry is left for another page, in it (for a reload) and under its key. */
export function rememberScroll(positions: Map<string, number>, key: string): void {
  positions.set(key, window.scrollY);
  history.replaceState({ ...stateObject(), key, scrollY: window.scrollY }, '');
}

/** The page a URL shows: its path without the trailing slash (the hash and the query string do not change it). */
export function pageOf(url: { pathname: string }): string {
  return url.pathname.replace(/\/$/, '') || '/';
}

/**
 * Back and Forward are the app's to scroll: `scrollRestoration` is manual while the page lives, and back to
 * automatic when it unloads, so a reload or a return from another site gets the browser's own restoration.
 */
export function takeScrollRestoration(): () => void {
  const manual = () => {
    history.scrollRestoration = 'manual';
  };
  const automatic = () => {
    history.scrollRestoration = 'auto';
  };
  const onShow = (event: PageTransitionEvent) => event.persisted && manual();
  manual();
  window.addEventListener('beforeunload', automatic);
  window.addEventListener('pageshow', onShow);
  return () => {
    window.removeEventListener('beforeunload', automatic);
    window.removeEventListener('pageshow', onShow);
    automatic();
  };
}
