import type { ClientBundle } from './bundle-client';

/**
 * A browser bundle as the cache keeps it (JSON): its files' bytes in base64, and `watched`, the files esbuild
 * read, which the cache's store compares before the bundle is taken again (see `watchedFileStore`).
 */
export interface KeptBundle {
  css: string[];
  js: string[];
  onDemand: string[];
  files: { path: string; base64: string }[];
  watched: string[];
}

export function keptBundleOf(bundle: ClientBundle, inputs: string[]): KeptBundle {
  return {
    css: bundle.css,
    js: bundle.js,
    onDemand: [...bundle.onDemand],
    files: bundle.files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString('base64') })),
    watched: inputs,
  };
}

export function clientBundleOf(kept: KeptBundle): ClientBundle {
  return {
    css: kept.css,
    js: kept.js,
    onDemand: new Set(kept.onDemand),
    files: kept.files.map((f) => ({ path: f.path, contents: new Uint8Array(Buffer.from(f.base64, 'base64')) })),
  };
}
