import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as assert from 'uvu/assert';
import { type BuildOptions, buildSite } from '../src/build/build-site';
import { Terminal } from '../src/cli/terminal';
import { TerminalReporter, type Verbosity } from '../src/cli/terminal-reporter';
import { loadConfig } from '../src/config/load-config';
import type { DiscoveredContent } from '../src/content/discover';
import type { SourceFile } from '../src/content/source-file';
import { docsItErrorsOf, formatError } from '../src/errors';
import { createPageCompiler } from '../src/markdown/compile-page';
import { clientConfigOf } from '../src/render/client-config';
import { interfaceTextOf } from '../src/shared/i18n/catalogues';
import { startRun } from '../src/site/run';
import { createSite, readContent } from '../src/site/site';
import { processTmpDir } from './build-outputs';

/** The Italian site's interface, which these pages are compiled with. */
const italianText = interfaceTextOf('it');

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Runs `script`, an ES module's source that may import the project's TypeScript (tsx is loaded), in a Node process of
 * its own from the repository's root: what a test needs a fresh process for (a thread count, an event loop left
 * empty, a module loaded once per process). `timeout`: a hang guard, for a script that could otherwise never end.
 */
export function runModuleScript(script: string, options: { timeout?: number } = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.base.json' },
    ...options,
  });
}

export const fixture = (name: string) => path.join(repoRoot, 'test', 'fixtures', name);

/** A fresh copy of a fixture site in a temporary folder, with optional files added or replaced. */
export function copyFixture(name: string, files: Record<string, string> = {}): string {
  // Inside the repo, so the fixture's import of docs-it still resolves (the package's own name, from within it).
  const dir = mkdtempSync(path.join(processTmpDir(), `${name}-`));
  cpSync(fixture(name), dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

/**
 * A copy of the docs-it package in `dir` (its code; its dependencies linked, but those named in `copied`, which a
 * test may change), to run through its own executable: a change a test makes to its code, and the CLI bundle and
 * cache it writes into its own node_modules/.cache, leave this checkout alone, which other test processes run.
 */
export function copyOfPackage(dir: string, copied: string[] = []): string {
  for (const entry of ['src', 'templates', 'bin', 'package.json', 'package-lock.json'])
    cpSync(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
  mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    const from = path.join(repoRoot, 'node_modules', entry);
    if (copied.includes(entry)) cpSync(from, path.join(dir, 'node_modules', entry), { recursive: true });
    else if (entry !== '.cache') symlinkSync(from, path.join(dir, 'node_modules', entry));
  }
  return dir;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** How long chokidar ignores further changes of a file after reporting one (its `_throttle('change', …, 50)`). */
const chokidarChangeThrottleMs = 50;

/**
 * Waits until a dev server's watcher, running in this process, takes a new change of a file it reported a change
 * of before this call: chokidar drops a second change of a file within 50 ms of the first, as editors save in
 * bursts. Its throttle ends on a timer of this process set when it reported the change; a longer timer set
 * after that expires later, and Node runs expired timers in that order, however loaded the machine is.
 */
export function afterChangeThrottle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, chokidarChangeThrottleMs + 1));
}

/** Runs `run` with what it writes on stderr (commander's usage errors) kept instead of printed. */
export async function capturingStderr<T>(run: () => Promise<T>): Promise<{ value: T; stderr: string }> {
  const chunks: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((chunk: string | Uint8Array) => chunks.push(String(chunk)) > 0) as typeof write;
  try {
    const value = await run();
    return { value, stderr: chunks.join('') };
  } finally {
    process.stderr.write = write;
  }
}

/**
 * Runs `run` with stderr silenced. The pipeline itself prints nothing (its warnings go to a reporter); what
 * remains is anything else a test runs.
 */
export async function quietly<T>(run: () => Promise<T>): Promise<T> {
  return (await capturingStderr(run)).value;
}

/**
 * The errors (`file:line:column: message` and hint, as printed) of building a copy of a fixture with some files
 * added or replaced; none when it builds.
 */
export async function buildErrors(
  name: string,
  files: Record<string, string>,
  options: Partial<BuildOptions> = {},
): Promise<string[]> {
  const dir = copyFixture(name, files);
  try {
    return await siteBuildErrors(dir, options);
  } finally {
    removeDir(dir);
  }
}

/**
 * Runs `run` with some files of the site in `dir` added or replaced, and puts them back as they were afterwards:
 * for a test that builds a copy another test of its file built already (its cache holding the browser bundle,
 * which a fresh copy would bundle again) with a change that concerns no other test. A file added to a folder the
 * bundle was made from changes the folder, and the next build bundles again (the cache's check, see
 * `watchedFileStore`): a test's own modules go to a folder of their own.
 */
export async function withFiles<T>(dir: string, files: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const before = new Map<string, Buffer | undefined>();
  /** The folders made for the files, removed with them. */
  const made: string[] = [];
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(dir, rel);
    before.set(file, existsSync(file) ? readFileSync(file) : undefined);
    const folder = mkdirSync(path.dirname(file), { recursive: true });
    if (folder) made.push(folder);
    writeFileSync(file, text);
  }
  try {
    return await run();
  } finally {
    for (const [file, bytes] of before) {
      if (bytes) writeFileSync(file, bytes);
      else rmSync(file);
    }
    for (const folder of made) rmSync(folder, { recursive: true, force: true });
  }
}

/** The errors (as printed) of building the site in `dir` as it is; none when it builds. */
export async function siteBuildErrors(dir: string, options: Partial<BuildOptions> = {}): Promise<string[]> {
  const config = path.join(dir, 'site.config.ts');
  const error = await quietly(() =>
    buildSite({ packageRoot: repoRoot, config, ...options }).then(
      () => undefined,
      (e: unknown) => e,
    ),
  );
  if (error === undefined) return [];
  const located = docsItErrorsOf(error);
  if (located.length === 0) throw error;
  return located.map(formatError);
}

/** In-memory content for the pure content-model functions. */
export function discovered(files: Record<string, string>, extra: Partial<DiscoveredContent> = {}): DiscoveredContent {
  const sources: SourceFile[] = [];
  const categories: DiscoveredContent['categories'] = [];
  for (const [file, text] of Object.entries(files)) {
    const match = /^content\/(docs|blog|pages)\/(.+)$/.exec(file)!;
    if (/_category_\.(json|ya?ml)$/.test(file)) categories.push({ file, dir: path.posix.dirname(match[2]!), text });
    else sources.push({ file, relPath: match[2]!, section: match[1] as SourceFile['section'], text });
  }
  return { sources, categories, authors: undefined, staticFiles: [], fragments: {}, warnings: [], ...extra };
}

const compilePage = createPageCompiler();

/** Compiles one markdown string as `content/docs/page.md` at `/it/v1/page` (with the given compiler, if one is). */
export function compileMd(
  body: string,
  options: {
    format?: 'md' | 'mdx';
    excerpt?: boolean;
    fragments?: Record<string, string>;
    titleLine?: number;
    compiler?: ReturnType<typeof createPageCompiler>;
  } = {},
) {
  const format = options.format ?? 'md';
  const fragments: Record<string, string> = {};
  for (const [spec, text] of Object.entries(options.fragments ?? {}))
    fragments[`content/docs/${spec.replace(/^\.\//, '')}`] = text;
  return (options.compiler ?? compilePage)({
    file: `content/docs/page.${format}`,
    route: '/it/v1/page',
    baseUrl: '/it/',
    body,
    format,
    excerpt: options.excerpt ?? false,
    tocMin: 2,
    tocMax: 3,
    fragments,
    text: italianText,
    ...(options.titleLine === undefined ? {} : { titleLine: options.titleLine }),
  });
}

/** The client config a site's bundle is built with (what `__DOCS_IT_CONFIG__` holds in its pages). */
export async function clientConfigFor(config: string, env: Record<string, string> = {}) {
  const run = await startRun({ packageRoot: repoRoot, config }, 'build');
  const resolved = await loadConfig({ packageRoot: repoRoot, config, env }, run.cache.modules);
  const site = createSite(resolved, await readContent(resolved, run.cache.modules), run.stages);
  return clientConfigOf(resolved.site, site.chrome, site.model, 'production');
}

/**
 * What builds into `out` left that a finished build does not: beside it, anything of docs-it's but the folder
 * of its builds; in that folder, anything but its marker, the published build and one spare.
 */
export function outputLeftovers(out: string): string[] {
  const parent = path.dirname(out);
  const store = `.docs-it-builds-${path.basename(out)}`;
  const beside = readdirSync(parent).filter((e) => e.startsWith('.docs-it-') && !e.startsWith('.docs-it-builds-'));
  if (!existsSync(path.join(parent, store))) return beside;
  const live = path.basename(readlinkSync(out));
  const inside = readdirSync(path.join(parent, store)).filter((e) => e !== 'docs-it-builds.txt' && e !== live);
  const spares = inside.filter((e) => e.startsWith('b-'));
  return [...beside, ...inside.filter((e) => !e.startsWith('b-')), ...spares.slice(1)];
}

/**
 * A reporter of the CLI writing into a string instead of the terminal (stdout and stderr together, no colours,
 * no redrawn lines), for commands run in this process.
 */
export function textReporter(verbosity: Verbosity = 'normal'): { reporter: TerminalReporter; text(): string } {
  const chunks: string[] = [];
  const stream = { write: (chunk: string | Uint8Array) => chunks.push(String(chunk)) > 0 };
  const reporter = new TerminalReporter(new Terminal({ stdout: stream, stderr: stream, env: {} }), verbosity);
  return { reporter, text: () => chunks.join('') };
}

/**
 * The environment of the CLI run in a child process: this one's, without the colours uvu forces on the processes
 * it starts (FORCE_COLOR), so the CLI prints what it prints into any pipe.
 */
export function pipeEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.FORCE_COLOR;
  return { ...env, ...extra };
}

/**
 * Changes a file of a site's copy (`dir`) by `change`, which must change it; gives back what puts it back as it was.
 */
export function editFile(dir: string, rel: string, change: (text: string) => string): () => void {
  const file = path.join(dir, rel);
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  assert.is.not(after, before, `the edit of ${rel} changes it`);
  writeFileSync(file, after);
  return () => writeFileSync(file, before);
}

/** A build's output folder holds `expected`'s files and no other, byte for byte (a warm build against a cold one). */
export function assertSameFiles(out: string, expected: string): void {
  const built = filesOf(out);
  const wanted = filesOf(expected);
  assert.equal([...built.keys()].sort(), [...wanted.keys()].sort(), 'the same files');
  for (const [file, bytes] of built) assert.ok(bytes.equals(wanted.get(file)!), `${file} differs from ${expected}`);
}

/** Every file of a folder, by relative path, with its bytes. */
export function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(dir, sub))) {
      const rel = path.join(sub, name);
      if (statSync(path.join(dir, rel)).isDirectory()) walk(rel);
      else files.set(rel, readFileSync(path.join(dir, rel)));
    }
  };
  walk('');
  return files;
}
