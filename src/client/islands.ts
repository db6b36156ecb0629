import { type ComponentType, createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BaseUrlContext, CurrentCategoryContext, SiteConfigContext } from '../../templates/content/contexts';
import { InterfaceTextContext } from '../../templates/text';
import { clientConfig } from './client-config';
import { reportRecoverable } from './recoverable-errors';

type Components = Record<string, ComponentType<Record<string, unknown>> | undefined>;
let components: Promise<Components> | undefined;

/**
 * Hydrates the site's own components in `root` (server-rendered inside `<docs-it-island>`, see
 * templates/content/island.tsx) with the same components from the site's components module. That module is
 * a chunk of its own, loaded only by pages that have islands. What a page put inside a component stays the
 * HTML the server rendered (nested islands are hydrated on their own).
 */
export function hydrateIslands(root: ParentNode): void {
  const islands = [...root.querySelectorAll<HTMLElement>('docs-it-island:not([data-hydrated])')];
  if (islands.length === 0) return;
  components ??= import('docs-it:site-components') as unknown as Promise<Components>;
  void components.then((module) => {
    for (const island of islands) {
      const Component = island.dataset.component ? module[island.dataset.component] : undefined;
      if (!Component || island.dataset.hydrated) continue;
      island.dataset.hydrated = '';
      const props = JSON.parse(island.dataset.props ?? '{}') as Record<string, unknown>;
      const slot = island.querySelector('docs-it-slot');
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
            createElement(Component, props),
          ),
        ),
      );
      hydrateRoot(island, createElement(InterfaceTextContext.Provider, { value: text }, withSite), {
        onRecoverableError: reportRecoverable,
      });
    }
  });
}
