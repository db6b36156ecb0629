import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchHit, SearchProvider } from './types';

/** Input waits this long after the last keystroke before a query is sent. */
export const debounceMs = 100;

export type SearchState =
  | { status: 'initial' }
  | { status: 'results'; query: string; hits: SearchHit[] }
  | { status: 'no-results'; query: string }
  | { status: 'error'; query: string };

/**
 * The modal's search state: the query as typed, the result state and whether a request runs. Queries are
 * debounced; an empty query resets at once and sends nothing; a late answer to an older query is dropped.
 */
export function useSearch(provider: SearchProvider) {
  const [query, setQueryState] = useState('');
  const [state, setState] = useState<SearchState>({ status: 'initial' });
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const current = useRef<AbortController | undefined>(undefined);

  // Reads only refs: the same function for the whole life of the modal.
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    current.current?.abort();
    current.current = undefined;
  }, []);

  const run = useCallback(
    async (text: string) => {
      const controller = new AbortController();
      current.current = controller;
      setLoading(true);
      try {
        const hits = await provider.search(text, controller.signal);
        if (controller.signal.aborted) return;
        setState(hits.length > 0 ? { status: 'results', query: text, hits } : { status: 'no-results', query: text });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error('Ricerca non riuscita:', error);
        setState({ status: 'error', query: text });
      } finally {
        if (current.current === controller) {
          current.current = undefined;
          setLoading(false);
        }
      }
    },
    [provider],
  );

  const setQuery = useCallback(
    (text: string) => {
      setQueryState(text);
      cancel();
      if (text.trim() === '') {
        setState({ status: 'initial' });
        setLoading(false);
        return;
      }
      timer.current = setTimeout(() => void run(text), debounceMs);
    },
    [run, cancel],
  );

  useEffect(() => cancel, [cancel]);
  return { query, setQuery, state, loading };
}
