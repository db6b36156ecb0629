import { type ComponentType, createElement, isValidElement, type ReactNode, useContext } from 'react';
import { CurrentCategoryContext } from './contexts';

/** Whether `value` comes back the same from JSON (functions, elements and class instances do not). */
function isJson(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value as object).every(isJson);
}

/** The element a page's component is hydrated in: its name, its props and the page's category, as attributes. */
function useIslandAttributes(name: string, props: Record<string, unknown>) {
  // A category index page's components get its category again in the browser (useCurrentSidebarCategory).
  const category = useContext(CurrentCategoryContext);
  return {
    'data-component': name,
    'data-props': JSON.stringify(props),
    ...(category ? { 'data-category': JSON.stringify(category) } : {}),
  };
}

/**
 * A component of the site's components module, as pages use it: rendered on the server inside a
 * `<docs-it-island>` that names it and holds its props, which the browser hydrates with the same component
 * (src/client/islands.ts). What the page put inside it is rendered here, in a `<docs-it-slot>`, and kept as
 * HTML in the browser (children that already are a slot, HTML the markdown compiler wrote, are that slot). With
 * props JSON cannot carry (a function) the component is rendered as static markup. With `textChildren`, children
 * that are text are a prop like the others (a code block's code).
 */
export function islandOf(
  name: string,
  Component: ComponentType<Record<string, unknown>>,
  options: { textChildren?: boolean } = {},
) {
  function Island({ children, ...rest }: { children?: ReactNode } & Record<string, unknown>) {
    const childrenAsProp = options.textChildren === true && typeof children === 'string';
    const props = childrenAsProp ? { ...rest, children } : rest;
    const attributes = useIslandAttributes(name, props);
    if (!isJson(props)) return createElement(Component, { ...rest, children });
    const slot =
      childrenAsProp || children === undefined
        ? undefined
        : isValidElement(children) && children.type === 'docs-it-slot'
          ? children
          : createElement('docs-it-slot', null, children);
    return createElement(
      'docs-it-island',
      attributes,
      createElement(Component, slot === undefined ? props : { ...props, children: slot }),
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

/**
 * An island whose content the markdown compiler already rendered (a highlighted code block drawn by the site's
 * override): the same element `islandOf` draws, around that HTML.
 */
export function IslandHtml({ component, props, html }: { component: string; props: string; html: string }) {
  const attributes = useIslandAttributes(component, JSON.parse(props) as Record<string, unknown>);
  return createElement('docs-it-island', { ...attributes, dangerouslySetInnerHTML: { __html: html } });
}
