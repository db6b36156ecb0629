import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkoutBundleIsCurrent, checkoutCliDir } from '../../../bin/cli-bundle.mjs';
import { clientBundleOf, type KeptBundle, keptBundleOf } from './bundle-cache';
import { bundleClientWithInputs, type ClientBundle, rebasedBundle } from './bundle-client';

/** The file beside the CLI bundle holding the browser bundle of a site without code of its own (`isSiteFree`). */
export const prebuiltClientFile = 'client-bundle.json';

/**
 * Makes the site-free browser bundle into `cliDir`: with the CLI bundle (bin/cli-bundle.mjs), so once per
 * version of docs-it's code, not once per build. Made for the base URL `/` (see `rebasedBundle`).
 */
export async function writePrebuiltClientBundle(packageRoot: string, cliDir: string): Promise<void> {
  const { bundle } = await bundleClientWithInputs({
    packageRoot,
    baseUrl: '/',
    mode: 'production',
    // No site: its folders are only where `@site/` would resolve, which no site-free bundle imports.
    siteRoot: packageRoot,
    staticDir: packageRoot,
  });
  writeFileSync(path.join(cliDir, prebuiltClientFile), JSON.stringify(keptBundleOf(bundle, [])));
}

/**
 * The site-free browser bundle made with the running CLI, for `baseUrl`; undefined when there is none (docs-it
 * run from sources changed since the checkout's CLI bundle was made): the caller bundles with esbuild, the same
 * options and so the same bytes.
 */
export function prebuiltClientBundle(
  packageRoot: string,
  cliDir: string | undefined,
  baseUrl: string,
): ClientBundle | undefined {
  const dir = cliDir ?? (checkoutBundleIsCurrent(packageRoot) ? checkoutCliDir(packageRoot) : undefined);
  if (dir === undefined) return undefined;
  let kept: KeptBundle;
  try {
    kept = JSON.parse(readFileSync(path.join(dir, prebuiltClientFile), 'utf8')) as KeptBundle;
  } catch {
    // A CLI bundle made before this file existed: bundle as before.
    return undefined;
  }
  return rebasedBundle(clientBundleOf(kept), baseUrl);
}
