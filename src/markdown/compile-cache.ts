import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { replaceFileSync } from '../output/replace-file';
import type { CompiledPage } from './problems';
import type { CompileInput } from './processor';

/** What decides a compiled page besides its links: the pipeline's own code and dependency versions. */
export interface CacheIdentity {
  /** Hash of the compiler code and the installed dependency versions. */
  pipeline: string;
}

/** The cache key of one compile: same input, same pipeline → same output. */
export function cacheKey(input: CompileInput, identity: CacheIdentity): string {
  return createHash('sha1')
    .update(identity.pipeline)
    .update('\0')
    .update(JSON.stringify([input.file, input.route, input.format, input.excerpt, input.tocMin, input.tocMax]))
    .update('\0')
    .update(input.body)
    .digest('hex');
}

/** A cached page is reusable only while every page it links to still has the route it had. */
export function isFresh(page: CompiledPage, routeOfFile: Record<string, string>): boolean {
  for (const [target, route] of Object.entries(page.deps)) {
    if ((routeOfFile[target] ?? null) !== route) return false;
  }
  return true;
}

/** Compiled pages on disk (`node_modules/.cache/docs-it/pages`), one JSON file per key. */
export class CompileCache {
  constructor(private readonly dir: string) {}

  get(key: string): CompiledPage | undefined {
    try {
      return JSON.parse(readFileSync(this.file(key), 'utf8')) as CompiledPage;
    } catch {
      return undefined;
    }
  }

  private readonly dirs = new Set<string>();

  // Synchronous like the build's output: thousands of queued async writes measured slower and held every
  // page's JSON in memory until the queue drained.
  set(key: string, page: CompiledPage): void {
    const target = this.file(key);
    const dir = path.dirname(target);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    replaceFileSync(target, JSON.stringify(page));
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }
}

/** Identity of the running pipeline: the CLI bundle (a file or the folder of its chunks) and the lock file. */
export async function pipelineIdentity(paths: string[]): Promise<CacheIdentity> {
  const hash = createHash('sha1');
  for (const p of paths) {
    const files = await readdir(p).then(
      (names) => names.filter((n) => n.endsWith('.mjs')).sort().map((n) => path.join(p, n)),
      () => [p],
    );
    for (const file of files) hash.update(await readFile(file).catch(() => Buffer.from(file)));
  }
  return { pipeline: hash.digest('hex') };
}
