import { createHash } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';

/** The files pages use from next to them, published under `assets/files/` with their content's hash in the name. */
export interface SiteAssets {
  /** The URL of a site-root relative file's published copy; `undefined` when the file is not in the site folder. */
  urlOf(target: string): Promise<string | undefined>;
  /** Every file published so far: its path in the output folder, and where it is read from. */
  copies(): { path: string; from: string }[];
  /** The file a published copy is read from, by its path in the output folder (for `dev`). */
  fileOf(file: string): string | undefined;
}

export function createSiteAssets(root: string, baseUrl: string): SiteAssets {
  const urls = new Map<string, Promise<string | undefined>>();
  const published = new Map<string, string>();
  const realRoot = realpath(root).catch(() => root);
  const publish = async (target: string): Promise<string | undefined> => {
    const from = path.join(root, ...target.split('/'));
    try {
      // Same rule as static files: nothing outside the site folder, symbolic links included.
      const real = await realpath(from);
      if (!real.startsWith((await realRoot) + path.sep)) return undefined;
      const hash = createHash('sha256')
        .update(await readFile(real))
        .digest('hex')
        .slice(0, 8);
      const ext = path.posix.extname(target);
      const name = path.posix.basename(target, ext).replace(/[^\w.-]+/g, '-');
      const file = `${baseUrl.slice(1)}assets/files/${name}-${hash}${ext.toLowerCase()}`;
      published.set(file, real);
      return `/${file}`;
    } catch {
      return undefined;
    }
  };
  return {
    urlOf(target) {
      let url = urls.get(target);
      if (!url) {
        url = publish(target);
        urls.set(target, url);
      }
      return url;
    },
    copies: () => [...published].map(([file, from]) => ({ path: file, from })),
    fileOf: (file) => published.get(file),
  };
}
