import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { revisionOf } from '../../output/written-file';
import { bundleClientWithInputs, type ClientBundle, rebasedBundle } from './bundle-client';

/** The file beside the CLI bundle that lists the browser bundle of a site without code of its own (`isSiteFree`). */
export const prebuiltClientFile = 'client-bundle.json';

/**
 * The folder beside it holding that bundle's files, each named by its place in the list: not by its path, whose
 * `.map` files a package may not ship as such (the package test), and which a build copies, never reads.
 */
export const prebuiltClientFolder = 'client-bundle';

/** `client-bundle.json`: the bundle as `ClientBundle` says, each file by its path, size and content hash. */
export interface PrebuiltClientList {
  css: string[];
  js: string[];
  onDemand: string[];
  files: { path: string; revision: string }[];
}

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
  const folder = path.join(cliDir, prebuiltClientFolder);
  mkdirSync(folder, { recursive: true });
  for (const [i, file] of bundle.files.entries()) writeFileSync(path.join(folder, String(i)), file.contents);
  const list: PrebuiltClientList = {
    css: bundle.css,
    js: bundle.js,
    onDemand: [...bundle.onDemand],
    // The hash the build would make of the bytes (`OutputFolder`'s revision), made once here.
    files: bundle.files.map((file) => ({ path: file.path, revision: revisionOf(file.contents) })),
  };
  writeFileSync(path.join(cliDir, prebuiltClientFile), JSON.stringify(list));
}

/**
 * The site-free browser bundle made with the running CLI (its folder `dir`, `runningCliDir`), for `baseUrl`, its
 * files to copy from that folder (`copied`: no bytes read, hashed or sent to the writing thread, and a build folder
 * holding them keeps them); undefined when there is none (no running CLI bundle, or one made before these files
 * existed): the caller bundles with esbuild, the same options and so the same bytes.
 */
export function prebuiltClientBundle(dir: string | undefined, baseUrl: string): ClientBundle | undefined {
  if (dir === undefined) return undefined;
  let list: PrebuiltClientList;
  try {
    list = JSON.parse(readFileSync(path.join(dir, prebuiltClientFile), 'utf8')) as PrebuiltClientList;
  } catch {
    // A CLI bundle made before this file existed: bundle as before.
    return undefined;
  }
  // A CLI bundle made before its files were kept beside the list (the list held their bytes): bundle as before.
  if (!list.files.every((file) => typeof file.revision === 'string')) return undefined;
  const folder = path.join(dir, prebuiltClientFolder);
  const bundle: ClientBundle = {
    css: list.css,
    js: list.js,
    onDemand: new Set(list.onDemand),
    files: [],
    copied: list.files.map((file, i) => ({
      path: file.path,
      from: path.join(folder, String(i)),
      revision: file.revision,
    })),
  };
  return rebasedBundle(bundle, baseUrl);
}
