import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isRefusal, publishable, type Refusal } from '../config/publishable';

/** The URL of a file's published copy, or why the file is not published. */
export type AssetLookup = { url: string } | Refusal;

/** The files pages use from next to them, published under `assets/files/` with their content's hash in the name. */
export interface SiteAssets {
  /** The published copy of a site-root relative file (`content/docs/img/a.png`), or why there is none. */
  urlOf(target: string): Promise<AssetLookup>;
  /** Every file published so far: its path in the output folder, and where it is read from. */
  copies(): { path: string; from: string }[];
  /** The file a published copy is read from, by its path in the output folder (for `dev`). */
  fileOf(file: string): string | undefined;
}

/**
 * `root` is the site folder targets are relative to, `roots` the folders files may be published from (the
 * content folders: see `config/publishable`).
 */
export function createSiteAssets(root: string, roots: readonly string[], baseUrl: string): SiteAssets {
  const urls = new Map<string, Promise<AssetLookup>>();
  const published = new Map<string, string>();
  const publish = async (target: string): Promise<AssetLookup> => {
    const verdict = await publishable(path.join(root, ...target.split('/')), roots, target);
    if (isRefusal(verdict)) return verdict;
    const { real } = verdict;
    const hash = createHash('sha256')
      .update(await readFile(real))
      .digest('hex')
      .slice(0, 8);
    const ext = path.posix.extname(target);
    const name = path.posix.basename(target, ext).replace(/[^\w.-]+/g, '-');
    const file = `${baseUrl.slice(1)}assets/files/${name}-${hash}${ext.toLowerCase()}`;
    published.set(file, real);
    return { url: `/${file}` };
  };
  return {
    urlOf(target) {
      let url = urls.get(target);
      if (!url) {
        url = publish(target).catch(
          (error: unknown): Refusal => ({
            kind: 'unreadable',
            problem: `${target}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
            hint: 'Check that the file is readable by the user running docs-it.',
          }),
        );
        urls.set(target, url);
      }
      return url;
    },
    copies: () => [...published].map(([file, from]) => ({ path: file, from })),
    fileOf: (file) => published.get(file),
  };
}
