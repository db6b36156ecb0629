import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { storage } from '../../../templates/hooks';
import { useText } from '../../../templates/text';
import { useFocusTrap } from '../../../templates/use-focus-trap';
import { type RecentSearch, readRecentSearches, recentSearchOf, rememberRecentSearch } from './recent-searches';
import { SearchFooter } from './SearchFooter';
import { SearchForm } from './SearchForm';
import { SearchMessages } from './SearchMessages';
import { groupHits, hitHref, SearchResults } from './SearchResults';
import { SearchStart } from './SearchStart';
import { ids } from './search-ids';
import type { SearchProvider } from './types';
import { useSearch } from './use-search';

export interface SearchModalProps {
  provider: SearchProvider;
  /** The site's sections: links before the first query, queries to try when one finds nothing. */
  sections: { label: string; href?: string }[];
  /** The localStorage key of the hits opened from this site's search (see recent-searches.ts). */
  recentKey: string;
  onClose(): void;
  /** Opens a link in a new tab (window.open in the browser; replaceable in tests). */
  openInNewTab?(href: string): void;
}

/**
 * The search dialog: input, hits in rank order grouped by category with keyboard selection, the empty state
 * (recent searches, the site's sections), the no-results and error states.
 */
export function SearchModal({ provider, sections, recentKey, onClose, openInNewTab }: SearchModalProps) {
  const { t } = useText();
  const { query, setQuery, state, loading } = useSearch(provider);
  const [selected, setSelected] = useState(0);
  const [recent, setRecent] = useState(() => readRecentSearches(storage(), recentKey));
  const scrollOnSelect = useRef(false);
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const hits = useMemo(() => (state.status === 'results' ? state.hits : []), [state]);
  const groups = useMemo(() => groupHits(hits), [hits]);
  /** Where the options lead, in the order they are shown (hits, or before a query the recent ones). */
  const shown = useMemo(
    () =>
      state.status === 'initial'
        ? recent.map((r) => r.href)
        : groups.flatMap((g) => g.items.map((i) => hitHref(i.hit))),
    [state, recent, groups],
  );
  const remember = (entry: RecentSearch | undefined) => {
    if (entry) setRecent(rememberRecentSearch(storage(), recentKey, entry));
  };
  // Before the effect below, so that its listener is gone when that effect's cleanup gives focus back.
  const trapTab = useFocusTrap(dialog, input);

  useEffect(() => {
    provider.preload?.();
    const previous = document.activeElement as HTMLElement | null;
    input.current?.focus();
    document.documentElement.classList.add('search-modal-open');
    return () => {
      document.documentElement.classList.remove('search-modal-open');
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [provider]);

  useEffect(() => {
    setSelected(0);
    for (const hit of hits)
      if (hitHref(hit) === null) console.warn('A search result with neither url nor anchor:', JSON.stringify(hit));
  }, [hits]);
  useEffect(() => {
    if (state.status === 'initial') setSelected(0);
  }, [state.status]);

  useLayoutEffect(() => {
    if (!scrollOnSelect.current) return;
    scrollOnSelect.current = false;
    document.getElementById(ids.item(selected))?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  /** Where an option leads: the recent search or the hit it shows, which becomes the newest recent search. */
  const choose = (index: number) => {
    if (state.status === 'initial') remember(recent[index]);
    else {
      const hit = groups.flatMap((g) => g.items).find((i) => i.index === index)?.hit;
      if (hit) remember(recentSearchOf(hit));
    }
  };

  const open = (index: number, newTab: boolean) => {
    const href = shown[index];
    if (!href) return;
    if (newTab) {
      choose(index);
      (openInNewTab ?? ((h) => window.open(h, '_blank', 'noopener')))(href);
      return;
    }
    // A real click on the link (which also closes the modal): the client router or the browser navigates.
    document.getElementById(ids.item(index))?.querySelector('a')?.click();
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && shown.length > 0) {
      event.preventDefault();
      scrollOnSelect.current = true;
      const n = shown.length;
      setSelected((s) => (event.key === 'ArrowDown' ? (s + 1) % n : (s - 1 + n) % n));
    } else if (event.key === 'Enter' && event.target === input.current) {
      event.preventDefault();
      // Only the results of what is typed now: not those of a query still being replaced.
      if ((state.status === 'results' && state.query === query) || (state.status === 'initial' && query === ''))
        open(selected, event.ctrlKey || event.metaKey || event.shiftKey);
    } else if (event.key === 'Tab') trapTab(event);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer only: Escape and Cancel close it too.
    <div
      className="search-modal-backdrop"
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return;
        // No focus change to <body>: focus goes back to where it was before the modal opened.
        event.preventDefault();
        onClose();
      }}
    >
      <div
        ref={dialog}
        id={ids.dialog}
        className="search-modal"
        role="dialog"
        aria-modal="true"
        aria-label={t('theme.SearchModal.ariaLabel')}
        onKeyDown={onKeyDown}
      >
        <header className="search-modal-header">
          <SearchForm
            query={query}
            setQuery={setQuery}
            loading={loading}
            inputRef={input}
            hasHits={shown.length > 0}
            selected={selected}
          />
          <button type="button" className="search-modal-cancel" onClick={onClose}>
            {t('theme.SearchModal.searchBox.cancelButtonText')}
          </button>
        </header>
        <div
          className="search-modal-body"
          data-search-state={state.status}
          data-search-query={state.status === 'initial' ? undefined : state.query}
        >
          <SearchMessages
            state={state}
            sections={sections}
            onSuggestion={(section) => {
              setQuery(section);
              input.current?.focus();
            }}
          />
          {state.status === 'initial' ? (
            <SearchStart
              recent={recent}
              sections={sections}
              selected={selected}
              onSelect={setSelected}
              onChoose={choose}
              onOpen={onClose}
            />
          ) : null}
          {state.status === 'results' ? (
            <SearchResults
              groups={groups}
              selected={selected}
              onSelect={setSelected}
              onChoose={(hit) => remember(recentSearchOf(hit))}
              onOpen={onClose}
            />
          ) : null}
        </div>
        <SearchFooter poweredBy={provider.poweredBy} />
      </div>
    </div>
  );
}
