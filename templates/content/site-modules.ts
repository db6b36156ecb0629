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
export const siteCodeModules: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  ...builtinModuleExports,
};

/** Where the bundled site code finds `siteCodeModules`. */
export const siteCodeGlobal = '__docsItModules';

export function provideModulesToSiteCode(): void {
  (globalThis as Record<string, unknown>)[siteCodeGlobal] = siteCodeModules;
}
