import type { ComponentType } from 'react';
import { hydrateIsland } from './hydrate-island';

type Components = Record<string, ComponentType<Record<string, unknown>> | undefined>;
let components: Promise<Components> | undefined;
let themeIslands: Promise<typeof import('./theme-islands')> | undefined;

/**
 * Hydrates the components in `root` the server rendered inside `<docs-it-island>` (see
 * templates/content/island.tsx) with the same components: the site's own, from its components module, and the
 * theme's that the site overrides (`@theme/Admonition`…), drawn by the override. Each kind is a chunk of its own,
 * loaded only by pages that have such islands. What a page put inside a component stays the HTML the server
 * rendered (nested islands are hydrated on their own).
 */
export function hydrateIslands(root: ParentNode): void {
  const islands = [...root.querySelectorAll<HTMLElement>('docs-it-island:not([data-hydrated])')];
  if (islands.length === 0) return;
  const ofTheme = islands.filter((island) => island.dataset.component?.startsWith('@theme/'));
  const ofSite = islands.filter((island) => !ofTheme.includes(island));
  if (ofTheme.length > 0) {
    themeIslands ??= import('./theme-islands');
    void themeIslands.then((module) => module.hydrateThemeIslands(ofTheme));
  }
  if (ofSite.length === 0) return;
  components ??= import('docs-it:site-components') as unknown as Promise<Components>;
  void components.then((module) => {
    for (const island of ofSite) {
      const Component = island.dataset.component ? module[island.dataset.component] : undefined;
      if (Component)
        hydrateIsland(island, Component, JSON.parse(island.dataset.props ?? '{}') as Record<string, unknown>);
    }
  });
}
