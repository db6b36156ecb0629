import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import { builtinModuleExports } from './mdx-components';

/**
 * The modules docs-it gives the site's own code on the server: React, and the Docusaurus modules it provides
 * (`@theme/Tabs`, `@docusaurus/useBaseUrl`…). docs-it's React is bundled into the CLI, and hooks work only
 * within one copy of React: the site's code is bundled with these imports pointing here (see
 * `load-site-code`), never at a second copy in the site's `node_modules`.
 */
let countElement: (() => void) | undefined;

/** A JSX runtime function that reports each element it creates (see `countSiteElements`). */
const counted = <F extends (...args: never[]) => unknown>(create: F): F =>
  ((...args: Parameters<F>) => {
    countElement?.();
    return create(...args);
  }) as F;

/**
 * Has every element the site's code creates from now on reported to `count` (`undefined`: no longer), so a page's
 * render can stop a component that renders itself (see `createElementBudget`).
 */
export function countSiteElements(count: (() => void) | undefined): void {
  countElement = count;
}

export const siteCodeModules: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': { ...jsxRuntime, jsx: counted(jsxRuntime.jsx), jsxs: counted(jsxRuntime.jsxs) },
  'react-dom': ReactDOM,
  ...builtinModuleExports,
};

/** Where the bundled site code finds `siteCodeModules`. */
export const siteCodeGlobal = '__docsItModules';

export function provideModulesToSiteCode(): void {
  (globalThis as Record<string, unknown>)[siteCodeGlobal] = siteCodeModules;
}
