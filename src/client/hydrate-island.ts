import { type ComponentType, createElement, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BaseUrlContext, CurrentCategoryContext, SiteConfigContext } from '../../templates/content/contexts';
import { InterfaceTextContext } from '../../templates/text';
import { clientConfig } from './client-config';
import { reportRecoverable } from './recoverable-errors';

/** The slot of `island`'s own (not one of an island nested in it). */
const slotOf = (island: HTMLElement) =>
  [...island.querySelectorAll<HTMLElement>('docs-it-slot')].find((slot) => slot.closest('docs-it-island') === island);

/**
 * Hydrates one `<docs-it-island>` with `Component` and its props (`wrap` adds what it reads besides them). What the
 * page put inside it (its slot) is kept as the HTML the server rendered.
 */
export function hydrateIsland(
  island: HTMLElement,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  wrap: (element: ReactElement) => ReactElement = (element) => element,
): void {
  if (island.dataset.hydrated !== undefined) return;
  island.dataset.hydrated = '';
  const slot = slotOf(island);
  if (slot) props.children = createElement('docs-it-slot', { dangerouslySetInnerHTML: { __html: slot.innerHTML } });
  // Theme components inside (`<Admonition>`) read the site's interface strings, as on the server.
  const text = clientConfig.chrome.text;
  // The Docusaurus modules they use (`useBaseUrl`, `useDocusaurusContext`) read the site, as on the server.
  const withSite = createElement(
    BaseUrlContext.Provider,
    { value: clientConfig.baseUrl },
    createElement(
      SiteConfigContext.Provider,
      { value: clientConfig.siteConfig },
      createElement(
        CurrentCategoryContext.Provider,
        { value: island.dataset.category ? JSON.parse(island.dataset.category) : undefined },
        wrap(createElement(Component, props)),
      ),
    ),
  );
  hydrateRoot(island, createElement(InterfaceTextContext.Provider, { value: text }, withSite), {
    onRecoverableError: reportRecoverable,
  });
}
