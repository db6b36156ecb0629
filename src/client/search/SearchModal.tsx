import {
  Fragment,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { SearchHit, SearchProvider } from './types';
import { useSearch } from './use-search';

export interface SearchModalProps {
  provider: SearchProvider;
  onClose(): void;
  /** Opens a link in a new tab (window.open in the browser; replaceable in tests). */
  openInNewTab?(href: string): void;
}

const ids = {
  dialog: 'docs-it-search',
  input: 'docs-it-search-input',
  list: 'docs-it-search-list',
  item: (i: number) => `docs-it-search-item-${i}`,
};

/** Where a hit leads: url + '#anchor', the url alone, '#anchor' alone, or nowhere (warned once). */
export function hitHref(hit: SearchHit): string | null {
  if (hit.url) return hit.anchor && !hit.url.includes('#') ? `${hit.url}#${hit.anchor}` : hit.url;
  if (hit.anchor) return `#${hit.anchor}`;
  return null;
}

/** Highlighted text as React nodes: only `<mark>` becomes an element, everything else stays text. */
export function Highlighted({ text }: { text: string | null }) {
  if (!text) return null;
  const parts = text.split(/(<mark>|<\/mark>)/);
  let marked = false;
  const nodes: ReactNode[] = [];
  parts.forEach((part, i) => {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part) nodes.push(marked ? <mark key={i}>{part}</mark> : part);
  });
  return <>{nodes}</>;
}

/** lvl2–lvl6 joined: the title of a hit (its page title when it has no heading). */
function titleOf(hit: SearchHit): { title: string | null; subtitle: string | null } {
  const f = hit._formatted.hierarchy;
  const headings = [f.lvl2, f.lvl3, f.lvl4, f.lvl5, f.lvl6].filter((h): h is string => !!h);
  return headings.length ? { title: headings.join(' › '), subtitle: f.lvl1 } : { title: f.lvl1, subtitle: null };
}

/** Hits grouped by category (groups in order of their best hit), numbered in the order they are shown. */
function groupHits(hits: SearchHit[]): { category: string; items: { hit: SearchHit; index: number }[] }[] {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const category = hit.hierarchy.lvl0 ?? '';
    if (!groups.has(category)) groups.set(category, []);
    groups.get(category)!.push(hit);
  }
  let index = 0;
  return [...groups].map(([category, items]) => ({ category, items: items.map((hit) => ({ hit, index: index++ })) }));
}

const focusableSelector =
  'a[href]:not([tabindex="-1"]), button:not([disabled]):not([tabindex="-1"]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

function SearchIcon() {
  return (
    <svg className="search-modal-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        d="m14.5 14.5 4 4M8.5 15a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13Z"
      />
    </svg>
  );
}

function LoadingIcon() {
  return (
    <svg
      className="search-modal-icon search-modal-loading"
      viewBox="0 0 38 38"
      width="20"
      height="20"
      role="img"
      aria-label="Ricerca in corso"
      data-search-loading=""
    >
      <g fill="none" stroke="currentColor" strokeWidth="3">
        <circle strokeOpacity=".3" cx="19" cy="19" r="16" />
        <path d="M35 19c0-8.84-7.16-16-16-16" />
      </g>
    </svg>
  );
}

/** The search dialog: input, grouped hits with keyboard selection, the empty, no-results and error states. */
export function SearchModal({ provider, onClose, openInNewTab }: SearchModalProps) {
  const { query, setQuery, state, loading } = useSearch(provider);
  const [selected, setSelected] = useState(0);
  const scrollOnSelect = useRef(false);
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const hits = useMemo(() => (state.status === 'results' ? state.hits : []), [state]);
  const groups = useMemo(() => groupHits(hits), [hits]);
  /** The hits in the order they are shown: the arrow keys follow it. */
  const shown = useMemo(() => groups.flatMap((g) => g.items.map((i) => i.hit)), [groups]);

  useEffect(() => {
    provider.preload?.();
    const previous = document.activeElement as HTMLElement | null;
    input.current?.focus();
    document.documentElement.classList.add('search-modal-open');
    // Focus stays inside: anything that moves it out brings it back to the input.
    const keepFocus = (event: FocusEvent) => {
      if (dialog.current && event.target instanceof Node && !dialog.current.contains(event.target))
        input.current?.focus();
    };
    document.addEventListener('focusin', keepFocus);
    return () => {
      document.removeEventListener('focusin', keepFocus);
      document.documentElement.classList.remove('search-modal-open');
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [provider]);

  useEffect(() => {
    setSelected(0);
    for (const hit of hits)
      if (hitHref(hit) === null) console.warn('Risultato di ricerca senza url né anchor:', JSON.stringify(hit));
  }, [hits]);

  useLayoutEffect(() => {
    if (!scrollOnSelect.current) return;
    scrollOnSelect.current = false;
    document.getElementById(ids.item(selected))?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const open = (index: number, newTab: boolean) => {
    const hit = shown[index];
    const href = hit ? hitHref(hit) : null;
    if (!href) return;
    if (newTab) {
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
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && hits.length > 0) {
      event.preventDefault();
      scrollOnSelect.current = true;
      setSelected((s) => (event.key === 'ArrowDown' ? (s + 1) % hits.length : (s - 1 + hits.length) % hits.length));
    } else if (event.key === 'Enter' && event.target === input.current) {
      event.preventDefault();
      // Only the results of what is typed now: not those of a query still being replaced.
      if (state.status === 'results' && state.query === query)
        open(selected, event.ctrlKey || event.metaKey || event.shiftKey);
    } else if (event.key === 'Tab' && dialog.current) {
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>(focusableSelector)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  return (
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
        aria-label="Search"
        onKeyDown={onKeyDown}
      >
        <header className="search-modal-header">
          <form
            className="search-modal-form"
            role="search"
            noValidate
            onSubmit={(event) => event.preventDefault()}
            onReset={(event) => {
              event.preventDefault();
              setQuery('');
              input.current?.focus();
            }}
          >
            <label className="search-modal-label" htmlFor={ids.input}>
              {loading ? <LoadingIcon /> : <SearchIcon />}
              <span className="visually-hidden">Search</span>
            </label>
            <input
              ref={input}
              id={ids.input}
              className="search-modal-input"
              type="search"
              placeholder="Search"
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="go"
              maxLength={64}
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={hits.length > 0}
              aria-controls={ids.list}
              aria-activedescendant={hits.length > 0 ? ids.item(selected) : undefined}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
            />
            <button
              type="reset"
              className="search-modal-reset"
              title="Clear the query"
              aria-label="Clear the query"
              hidden={query === ''}
            >
              <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
                <path
                  d="M10 10l5.09-5.09L10 10l5.09 5.09L10 10zm0 0L4.91 4.91 10 10l-5.09 5.09L10 10z"
                  stroke="currentColor"
                  fill="none"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </form>
          <button type="button" className="search-modal-cancel" onClick={onClose}>
            Cancel
          </button>
        </header>
        <div
          className="search-modal-body"
          data-search-state={state.status}
          data-search-query={state.status === 'initial' ? undefined : state.query}
        >
          {state.status === 'initial' ? (
            <p className="search-modal-message">
              Scrivi per cercare nella documentazione: titoli, sezioni e testo di ogni pagina.
            </p>
          ) : null}
          {state.status === 'error' ? (
            <p className="search-modal-message search-modal-error">An error has occured. Please try again...</p>
          ) : null}
          {state.status === 'no-results' ? (
            <div className="search-modal-message">
              <p>
                No results for "<strong>{state.query}</strong>"
              </p>
              {state.suggestions.length > 0 ? (
                <>
                  <p>Try searching for:</p>
                  <ul className="search-modal-suggestions">
                    {state.suggestions.map((category) => (
                      <li key={category}>
                        <button
                          type="button"
                          className="search-modal-suggestion"
                          onClick={() => {
                            setQuery(category);
                            input.current?.focus();
                          }}
                        >
                          "{category}"
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </div>
          ) : null}
          {state.status === 'results' ? (
            <div id={ids.list} role="listbox" aria-label="Risultati della ricerca" className="search-modal-results">
              {groups.map((group) => (
                <div key={group.category} role="group" aria-label={group.category} className="search-hit-group">
                  <div className="search-hit-category" aria-hidden="true">
                    {group.category}
                  </div>
                  {group.items.map(({ hit, index }) => (
                    <HitItem
                      key={`${hit.id}-${index}`}
                      hit={hit}
                      index={index}
                      selected={index === selected}
                      onHover={() => setSelected(index)}
                      onOpen={onClose}
                    />
                  ))}
                </div>
              ))}
            </div>
          ) : null}
        </div>
        <footer className="search-modal-footer">
          <ul className="search-modal-commands" aria-hidden="true">
            <li>
              <kbd>↵</kbd> to select
            </li>
            <li>
              <kbd>↓</kbd>
              <kbd>↑</kbd> to navigate
            </li>
            <li>
              <kbd>esc</kbd> to close
            </li>
          </ul>
          <span className="search-modal-powered">
            Powered by{' '}
            <a href={provider.poweredBy.href} target="_blank" rel="noopener noreferrer" tabIndex={-1}>
              {provider.poweredBy.label}
            </a>
          </span>
        </footer>
      </div>
    </div>
  );
}

function HitItem({
  hit,
  index,
  selected,
  onHover,
  onOpen,
}: {
  hit: SearchHit;
  index: number;
  selected: boolean;
  onHover(): void;
  onOpen(): void;
}) {
  const href = hitHref(hit);
  const { title, subtitle } = titleOf(hit);
  const body = (
    <>
      <span className="search-hit-title">
        <Highlighted text={title} />
      </span>
      {subtitle ? (
        <span className="search-hit-path">
          <Highlighted text={subtitle} />
        </span>
      ) : null}
      {hit._formatted.content ? (
        <span className="search-hit-content">
          <Highlighted text={hit._formatted.content} />
        </span>
      ) : null}
    </>
  );
  return (
    <div
      id={ids.item(index)}
      role="option"
      aria-selected={selected}
      className={`search-hit${selected ? ' selected' : ''}`}
      onMouseMove={selected ? undefined : onHover}
    >
      {href ? (
        <a
          href={href}
          tabIndex={-1}
          onClick={(event) => {
            if (!event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) onOpen();
          }}
        >
          {body}
        </a>
      ) : (
        <Fragment>{body}</Fragment>
      )}
    </div>
  );
}
