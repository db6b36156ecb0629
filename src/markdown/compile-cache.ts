import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { replaceFileSync } from '../output/replace-file';
import type { CompiledPage } from './problems';
import type { CompileInput } from './processor';

/** What decides a compiled page besides its links: the pipeline's own code and dependency versions. */
export interface CacheIdentity {
  /** Hash of the markdown pipeline's sources and the installed dependency versions. */
  pipeline: string;
  /** Hash of the whole CLI and the installed dependency versions: what a rendered page depends on. */
  cli: string;
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

/** The folder holding one pipeline version's pages: a new version starts an empty one, and the old one is pruned. */
function versionDir(root: string, identity: CacheIdentity): string {
  return path.join(root, `v-${identity.pipeline.slice(0, 16)}`);
}

/**
 * Deletes the compiled pages of every other pipeline version (and of the older flat layout): their keys can
 * never match again, and without this the cache would grow by a whole site at each upgrade. With `used`,
 * also the current version's entries no page of the build asked for (earlier versions of edited pages).
 */
export function pruneCompileCache(root: string, identity: CacheIdentity, used?: Set<string>): void {
  const current = versionDir(root, identity);
  for (const name of readdirOrNone(root))
    if (name !== path.basename(current)) rmSync(path.join(root, name), { recursive: true, force: true });
  if (!used) return;
  for (const bucket of readdirOrNone(current)) {
    for (const name of readdirOrNone(path.join(current, bucket))) {
      if (!used.has(name.slice(0, -'.json'.length))) rmSync(path.join(current, bucket, name), { force: true });
    }
  }
}

function readdirOrNone(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Compiled pages on disk (`node_modules/.cache/docs-it/pages/v-<pipeline>`), one JSON file per key. */
export class CompileCache {
  private readonly dir: string;

  constructor(root: string, identity: CacheIdentity) {
    this.dir = versionDir(root, identity);
  }

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

/**
 * Identities of the running code. `cliDir` is the bundled CLI's folder (absent when running from the sources,
 * as the tests do); `compile-inputs.json` there lists the sources the markdown pipeline is built from, so a
 * template edit changes `cli` but leaves `pipeline`, and the compiled pages, alone.
 */
export function pipelineIdentity(options: { cliDir?: string; packageRoot: string }): CacheIdentity {
  const lock = readOrName(path.join(options.packageRoot, 'package-lock.json'));
  const cli = createHash('sha1').update(lock);
  let sources: string[] | undefined;
  if (options.cliDir) {
    for (const name of readdirSync(options.cliDir)
      .filter((n) => n.endsWith('.mjs'))
      .sort())
      cli.update(readFileSync(path.join(options.cliDir, name)));
    try {
      sources = JSON.parse(readFileSync(path.join(options.cliDir, 'compile-inputs.json'), 'utf8')) as string[];
    } catch {
      sources = undefined;
    }
  }
  const cliHash = cli.digest('hex');
  if (!sources) return { pipeline: cliHash, cli: cliHash };
  const pipeline = createHash('sha1')
    .update(lock)
    .update(readOrName(path.join(options.packageRoot, 'bin/docs-it.mjs')));
  for (const source of sources)
    pipeline
      .update(source)
      .update('\0')
      .update(readOrName(path.join(options.packageRoot, source)));
  return { pipeline: pipeline.digest('hex'), cli: cliHash };
}

/** A file's bytes, or its name when it cannot be read (so a missing file still changes the hash). */
function readOrName(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch {
    return Buffer.from(file);
  }
}
