import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { closestName } from '../config/describe-issue';
import { UsageError } from '../errors';
import { builtinModules } from '../shared/builtin-modules';
import {
  isThemeComponentName,
  propsTypeName,
  type ThemeComponentName,
  themeComponentNames,
  themeOverridesDir,
} from '../shared/theme-components';
import type { TerminalReporter } from './terminal-reporter';

export interface SwizzleOptions {
  /** The component to override: one of `themeComponentNames`. */
  name: string;
  /** The site's folder, where `src/theme/` goes. */
  dir: string;
  /** Write over an override that is already there. */
  force: boolean;
  /** Write a copy of the theme's component to edit, instead of a wrapper of it. */
  eject?: boolean;
  /** The docs-it package, whose theme components `eject` copies. */
  packageRoot: string;
}

/** The identifier of a component's function: `DocItem/Footer` → `DocItemFooter`. */
const identifierOf = (name: ThemeComponentName) => name.replace(/\W/g, '');

/**
 * The starting file of an override that wraps the theme's component (Docusaurus's `swizzle --wrap`): the original
 * drawn as it is, ready for what the site adds around it.
 */
export function wrapperOf(name: ThemeComponentName): string {
  const props = propsTypeName(name);
  return [
    `import Original from '@theme-original/${name}';`,
    `import type { ${props} } from 'docs-it';`,
    '',
    `/** The theme's ${name}, wrapped: add what the site shows around it. */`,
    `export default function ${identifierOf(name)}Wrapper(props: ${props}) {`,
    '  return <Original {...props} />;',
    '}',
    '',
  ].join('\n');
}

/** Where the theme keeps the original of each overridable component, in the docs-it package. */
export const themeSourceOf = (packageRoot: string, name: ThemeComponentName) =>
  path.join(packageRoot, 'templates', 'theme', `${name}.tsx`);

/** Where a site's code imports what the theme's components build on (see templates/content/theme-internal). */
const internalModule = '@docusaurus/theme-common/internal';

/**
 * The starting file of an override that is a copy of the theme's component (Docusaurus's `swizzle --eject`): the
 * theme's source (`templates/theme/<Name>.tsx`) as a site's file, its imports turned into what a site's code can
 * import: its props type from 'docs-it', what it builds on from `@docusaurus/theme-common/internal`, React. A theme
 * file that imports anything else is a bug of the theme (each one is ejected and built by the tests).
 */
export function ejectedOf(name: ThemeComponentName, source: string, version: string): string {
  const id = identifierOf(name);
  const kept: string[] = [];
  const types: string[] = [];
  const internal: string[] = [];
  const importLine = /^import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)';\n/gm;
  for (const [, type, list, spec] of source.matchAll(importLine)) {
    const names = list!
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (spec === 'react') kept.push(`import ${type ?? ''}{ ${names.join(', ')} } from 'react';`);
    else if (type && spec!.endsWith('/src/shared/theme-components')) types.push(...names);
    else if (!type && spec!.endsWith('/theme-components') && names.join() === 'overridable') continue;
    else if (!type && spec!.startsWith('.') && names.every((n) => Object.hasOwn(builtinModules[internalModule], n)))
      internal.push(...names);
    else throw new Error(`the theme's ${name} imports ${names.join(', ')} from ${spec}, which a site cannot import`);
  }
  const body = source
    .replace(importLine, '')
    .replace(new RegExp(`^(?:export )?function ${id}Original\\(`, 'm'), `export default function ${id}(`)
    .replace(new RegExp(`\\n*export const ${id} = overridable\\('${name}', ${id}Original\\);\\n`), '\n')
    .trimStart();
  const sorted = (list: string[]) => [...new Set(list)].sort((a, b) => a.localeCompare(b)).join(', ');
  return [
    '/*',
    ` * The theme's ${name}, ejected by \`docs-it swizzle ${name} --eject\` (docs-it ${version}): a copy to`,
    " * edit, which draws what the theme's draws. It builds on what a site's code may import: its props' type from",
    ` * 'docs-it', and what the theme's components build on from '${internalModule}'.`,
    ' */',
    ...(types.length > 0 ? [`import type { ${sorted(types)} } from 'docs-it';`] : []),
    ...kept,
    ...(internal.length > 0 ? [`import { ${sorted(internal)} } from '${internalModule}';`] : []),
    '',
    body,
  ].join('\n');
}

/** The file of an override of `name` already in the site, in any of its forms (`Footer.tsx`, `Footer/index.js`…). */
function existingOverride(dir: string, name: ThemeComponentName): string | undefined {
  const base = path.join(dir, themeOverridesDir, name);
  const extensions = ['.tsx', '.ts', '.jsx', '.js'];
  return [...extensions.map((e) => base + e), ...extensions.map((e) => path.join(base, `index${e}`))].find((f) =>
    existsSync(f),
  );
}

/**
 * `docs-it swizzle <Name>`: writes `src/theme/<Name>.tsx`, a wrapper of the theme's component, or with `eject` a
 * copy of it.
 */
export async function swizzleCommand(options: SwizzleOptions, reporter: TerminalReporter): Promise<void> {
  const { name } = options;
  if (!isThemeComponentName(name)) {
    const near = closestName(name, themeComponentNames);
    throw new UsageError(
      `the theme has no component "${name}" a site can override`,
      `${near ? `Did you mean ${near}? ` : ''}Use one of: ${themeComponentNames.join(', ')}.`,
    );
  }
  const file = existingOverride(options.dir, name) ?? path.join(options.dir, themeOverridesDir, `${name}.tsx`);
  const shown = path.relative(process.cwd(), file) || file;
  if (existsSync(file) && !options.force)
    throw new UsageError(`${shown} already exists`, 'Edit it, or run again with --force to start it over.');
  const text = options.eject
    ? ejectedOf(
        name,
        readFileSync(themeSourceOf(options.packageRoot, name), 'utf8'),
        (JSON.parse(readFileSync(path.join(options.packageRoot, 'package.json'), 'utf8')) as { version: string })
          .version,
      )
    : wrapperOf(name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  reporter.result(
    options.eject
      ? `Wrote ${shown}: a copy of the theme's ${name}, which the site now draws; edit it.`
      : `Wrote ${shown}: it draws the theme's ${name}; add what the site shows around it.`,
  );
}
