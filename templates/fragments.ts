import { createContext, type ReactElement } from 'react';

/**
 * Server rendering only: markup of subtrees that come out identical on many pages (a collapsed sidebar
 * category), rendered once per build. The browser renders the same components normally and hydrates the
 * markup as usual: it is byte for byte what the component renders.
 */
export interface FragmentCache {
  /** An element (React key `key`) for `render()`'s markup, rendered the first time `owner` + `variant` is seen. */
  placeholder(owner: object, variant: string, key: string, render: () => ReactElement): ReactElement;
}

export const FragmentCacheContext = createContext<FragmentCache | null>(null);
