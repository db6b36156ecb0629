import type { ComponentType } from 'react';
import type { ContentComponentName, ThemeComponentProps } from '../../src/shared/theme-components';
import { Admonition } from '../theme/Admonition';
import { CodeBlock } from '../theme/CodeBlock';
import { IslandHtml, islandOf } from './island';

// Each component's props are its own; the islands take them as JSON.
type AnyProps = ComponentType<Record<string, unknown>>;

/** The theme's components a page's content draws, as the templates render them (the site's override, if any). */
export const contentComponents: { [N in ContentComponentName]: ComponentType<ThemeComponentProps[N]> } = {
  Admonition,
  CodeBlock,
};

/** What `<docs-it-island data-component>` says of a theme component: its Docusaurus module. */
export const islandNameOf = (name: ContentComponentName) => `@theme/${name}`;

/** The theme component an island's name stands for, if it is one. */
export function contentComponentOfIsland(island: string): ContentComponentName | undefined {
  const name = island.startsWith('@theme/') ? island.slice('@theme/'.length) : undefined;
  return name === 'Admonition' || name === 'CodeBlock' ? name : undefined;
}

/** The content components as islands: drawn by the site's override on the server, hydrated by the browser. */
const islands = {
  Admonition: islandOf(islandNameOf('Admonition'), Admonition as unknown as AnyProps),
  // A block's code is a prop (Docusaurus's `children`), never content kept as HTML.
  CodeBlock: islandOf(islandNameOf('CodeBlock'), CodeBlock as unknown as AnyProps, { textChildren: true }),
};

/** The component an admonition written `:::tip` becomes in an MDX page whose site overrides Admonition. */
export const admonitionIslandName = 'DocsItAdmonitionIsland';
/** The component a code block an MDX page's compile already drew (see `IslandHtml`) becomes. */
export const islandHtmlName = 'DocsItIslandHtml';

/**
 * The components an MDX page draws in place of the theme's when the site overrides them (`names`): islands, so that
 * the browser hydrates the override. Inside a site's component the theme's own stand (the component's island
 * hydrates them).
 */
export function islandComponentsOf(names: readonly ContentComponentName[]): Record<string, unknown> {
  const components: Record<string, unknown> = {};
  if (names.includes('Admonition')) {
    components.Admonition = islands.Admonition;
    components[admonitionIslandName] = islands.Admonition;
  }
  if (names.includes('CodeBlock')) {
    components.CodeBlock = islands.CodeBlock;
    components[islandHtmlName] = IslandHtml;
  }
  return components;
}

export { islands as contentIslands };
