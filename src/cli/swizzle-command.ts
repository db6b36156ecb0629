import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../errors';
import { isThemeComponentName, themeComponentNames, themeOverridesDir } from '../shared/theme-components';
import type { TerminalReporter } from './terminal-reporter';

export interface SwizzleOptions {
  /** The component to override: one of `themeComponentNames`. */
  name: string;
  /** The site's folder, where `src/theme/` goes. */
  dir: string;
  /** Write over an override that is already there. */
  force: boolean;
}

/** The type of each component's props, as `'docs-it'` exports it. */
const propsTypeOf: Record<string, string> = { NotFound: 'NotFoundPageProps' };

/**
 * The starting file of an override that wraps the theme's component (Docusaurus's `swizzle --wrap`): the original
 * drawn as it is, ready for what the site adds around it.
 */
export function wrapperOf(name: string): string {
  const props = propsTypeOf[name] ?? `${name}Props`;
  return [
    `import Original from '@theme-original/${name}';`,
    `import type { ${props} } from 'docs-it';`,
    '',
    `/** The theme's ${name}, wrapped: add what the site shows around it. */`,
    `export default function ${name}Wrapper(props: ${props}) {`,
    '  return <Original {...props} />;',
    '}',
    '',
  ].join('\n');
}

/** `docs-it swizzle <Name>`: writes `src/theme/<Name>.tsx`, a wrapper of the theme's component. */
export async function swizzleCommand(options: SwizzleOptions, reporter: TerminalReporter): Promise<void> {
  if (!isThemeComponentName(options.name))
    throw new UsageError(
      `the theme has no component "${options.name}" a site can override`,
      `Use one of: ${themeComponentNames.join(', ')}.`,
    );
  const file = path.join(options.dir, themeOverridesDir, `${options.name}.tsx`);
  const shown = path.relative(process.cwd(), file) || file;
  if (existsSync(file) && !options.force)
    throw new UsageError(`${shown} already exists`, 'Edit it, or run again with --force to start it over.');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, wrapperOf(options.name));
  reporter.result(`Wrote ${shown}: it draws the theme's ${options.name}; add what the site shows around it.`);
}
