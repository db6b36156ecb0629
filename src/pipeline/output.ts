import path from 'node:path';
import type { Cache } from '../cache/stage-cache';
import { OutputFolder } from '../output/output-folder';
import { precached, writeServiceWorker } from '../sw/write-service-worker';
import type { OnProgress } from './progress';
import type { SiteFile, SiteFileGroup } from './site-files';
import { copyFiles, type WriteCounts, writeFiles, writeGroup } from './write-site';

/**
 * The build's output folder while it is being written: a temporary folder swapped in only when everything
 * succeeded, where files unchanged since the last build are kept instead of produced again.
 */
export interface Output {
  write(files: SiteFile[], onProgress?: OnProgress): Promise<WriteCounts>;
  writeGroup(group: SiteFileGroup): Promise<WriteCounts>;
  copy(copies: { path: string; from: string }[]): Promise<void>;
  /** The service worker, which precaches every file written so far (so: last). */
  writeServiceWorker(options: {
    packageRoot: string;
    baseUrl: string;
    mode: 'production' | 'development';
    /** Files left out of the precache (see `ClientBundle.onDemand`). */
    onDemand?: ReadonlySet<string>;
  }): ReturnType<typeof writeServiceWorker>;
  /** Swaps the new build in; the cache is then told what the build used (a failure there is only a warning). */
  commit(warn: (message: string) => void): Promise<void>;
  /** Throws the new build away; the previous one stays as it was. */
  abort(): Promise<void>;
  readonly files: number;
  readonly bytes: number;
}

export async function openOutput(
  out: string,
  cache: Cache,
  paths: { root: string; cache: string },
  reuse: boolean,
): Promise<Output> {
  const { root } = paths;
  const writer = await OutputFolder.open(out, {
    root,
    reuse: { manifests: path.join(paths.cache, 'outputs'), enabled: reuse },
  });
  return {
    write: (files, onProgress) => writeFiles(files, writer, onProgress),
    writeGroup: (group) => writeGroup(group, writer),
    copy: (copies) => copyFiles(copies, writer),
    async writeServiceWorker({ onDemand, ...options }) {
      // workbox writes sw.js itself, into a folder the file-writing thread may not have created yet.
      await writer.flush();
      return writeServiceWorker({
        ...options,
        outDir: writer.tmp,
        files: writer.filesWithRevisions(precached(options.baseUrl, onDemand)),
      });
    },
    async commit(warn) {
      await writer.commit(warn);
      // The new build is in place: the cache only helps the next one, so a failure here is a warning.
      try {
        writer.saveManifest();
        cache.prune();
      } catch (error) {
        const where = path.relative(root, path.join(root, 'node_modules/.cache/docs-it')) || '.';
        warn(`the cache in ${where} was not updated (${(error as Error).message}); the next build renders every page.`);
      }
    },
    abort: () => writer.abort(),
    get files() {
      return writer.files;
    },
    get bytes() {
      return writer.bytes;
    },
  };
}
