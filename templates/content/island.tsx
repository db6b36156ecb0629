import { type ComponentType, createElement, type ReactNode, useContext } from 'react';
import { CurrentCategoryContext } from './contexts';

/** Whether `value` comes back the same from JSON (functions, elements and class instances do not). */
function isJson(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value as object).every(isJson);
}

/**
 * A component of the site's components module, as pages use it: rendered on the server inside a
 * `<docs-it-island>` that names it and holds its props, which the browser hydrates with the same component
 * (src/client/islands.ts). What the page put inside it is rendered here, in a `<docs-it-slot>`, and kept as
 * HTML in the browser. With props JSON cannot carry (a function) the component is rendered as static markup.
 */
export function islandOf(name: string, Component: ComponentType<Record<string, unknown>>) {
  function Island({ children, ...props }: { children?: ReactNode } & Record<string, unknown>) {
    // A category index page's components get its category again in the browser (useCurrentSidebarCategory).
    const category = useContext(CurrentCategoryContext);
    if (!isJson(props)) return createElement(Component, { ...props, children });
    const slot = children === undefined ? undefined : createElement('docs-it-slot', null, children);
    return createElement(
      'docs-it-island',
      {
        'data-component': name,
        'data-props': JSON.stringify(props),
        ...(category ? { 'data-category': JSON.stringify(category) } : {}),
      },
      createElement(Component, slot === undefined ? props : { ...props, children: slot }),
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
