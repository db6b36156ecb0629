/*
 * docs-it as its users get it: the repository packed by `npm pack`, the tarball installed into a site's folder,
 * the installed package made read-only, and `npx docs-it build` run there. The install takes the versions this
 * repository's lock file holds (a lock file for the site is made from it), from npm's cache when it has them.
 */
import { type SpawnSyncOptions, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fixture, removeDir, repoRoot } from './helpers';
import { tscPath } from './runner/tsc-path';

// KEEP_PACKAGE_TEST=1 keeps the folder of the test (its path is printed) to look into.
const keep = process.env.KEEP_PACKAGE_TEST === '1';
const work = mkdtempSync(path.join(tmpdir(), 'docs-it-package-'));
const site = path.join(work, 'site');
const installed = path.join(site, 'node_modules', 'docs-it');
// Root may write anywhere: where it can, the site is built by an unprivileged user, as a read-only install needs.
const nobody = 65534;
const dropRoot = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;

const quiet = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' };

function run(command: string, args: string[], options: SpawnSyncOptions = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', env: quiet, ...options });
  return { status: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/** The command line of `npx docs-it …` in the site's folder, as the unprivileged user when this runs as root. */
function docsItCommand(...args: string[]): [string, string[], NodeJS.ProcessEnv] {
  const env = { ...quiet, HOME: path.join(work, 'home'), npm_config_cache: path.join(work, 'npm-cache') };
  if (!dropRoot) return ['npx', ['docs-it', ...args], env];
  return ['setpriv', [`--reuid=${nobody}`, `--regid=${nobody}`, '--clear-groups', 'npx', 'docs-it', ...args], env];
}

function docsIt(...args: string[]) {
  const [command, commandArgs, env] = docsItCommand(...args);
  return run(command, commandArgs, { cwd: site, env });
}

/** Every file and folder under `dir` with its size and modification time. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((rel) => {
      const stat = statSync(path.join(dir, rel));
      return `${rel} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}

/**
 * The site's output with content hashes left out of names and text (several chunks then share a name), source
 * maps and sw.js aside: each file's digest, by name.
 */
function outputOf(dir: string): Record<string, string[]> {
  const hash = /\.[A-Z0-9]{8}\.(js|css)/g;
  const out: Record<string, string[]> = {};
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, rel);
    // Source maps name the installed package's dependencies by another path; sw.js lists their revisions.
    if (statSync(file).isDirectory() || rel.endsWith('.map') || rel.endsWith('sw.js')) continue;
    const text = readFileSync(file, 'latin1').replace(hash, '.H.$1');
    const name = rel.replace(hash, '.H.$1');
    out[name] = [...(out[name] ?? []), createHash('sha256').update(text).digest('hex')];
  }
  for (const digests of Object.values(out)) digests.sort();
  return out;
}

let packed: { filename: string; files: { path: string }[] };

test.after(() => {
  run('chmod', ['-R', 'u+w', work]);
  if (keep) console.log(`kept ${work}`);
  else removeDir(work);
});

test('npm pack ships the generator, its templates and client, the built CLI and types; no site or tests', () => {
  const result = run('npm', ['pack', '--json', '--pack-destination', work], { cwd: repoRoot });
  assert.is(result.status, 0, result.stderr);
  packed = JSON.parse(result.stdout)[0];
  const files = packed.files.map((f) => f.path);
  for (const needed of [
    'bin/docs-it.mjs',
    'dist/cli/program.mjs',
    'dist/cli/compile-worker.mjs',
    'dist/cli/write-thread.mjs',
    'dist/cli/code-versions.json',
    'dist/cli/service-worker.js',
    'dist/index.mjs',
    'dist/types/index.d.ts',
    'src/index.ts',
    'src/client/entry.tsx',
    'src/service-worker/sw.ts',
    'templates/styles.css',
    'starters/shared/gitignore',
    'starters/en/site.config.ts',
    'starters/it/site.config.ts',
    'README.md',
  ]) {
    assert.ok(files.includes(needed), `${needed} is packed`);
  }
  const unwanted = files.filter((f) =>
    /^(content|test|bench|scripts|\.ci|src\/cli|src\/pipeline)\/|\.map$|^site\.config\.ts$|tsconfig/.test(f),
  );
  assert.equal(unwanted, []);
});

test('installed from the tarball into a read-only node_modules, npx docs-it build builds a site', () => {
  mkdirSync(site);
  // The site depends on the tarball; the rest of the lock file is this repository's, less what only it needs.
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));
  const tarball = `file:../${packed.filename}`;
  const packages: Record<string, unknown> = { '': { name: 'site', dependencies: { 'docs-it': tarball } } };
  const { dependencies, peerDependencies, peerDependenciesMeta, bin, engines, version } = manifest;
  packages['node_modules/docs-it'] = { version, resolved: tarball, dependencies, peerDependencies, bin, engines };
  (packages['node_modules/docs-it'] as Record<string, unknown>).peerDependenciesMeta = peerDependenciesMeta;
  for (const [key, entry] of Object.entries(lock.packages as Record<string, { dev?: boolean }>)) {
    if (key !== '' && !entry.dev) packages[key] = entry;
  }
  const sitePackage = { name: 'site', private: true, type: 'module', dependencies: { 'docs-it': tarball } };
  writeFileSync(path.join(site, 'package.json'), JSON.stringify(sitePackage));
  writeFileSync(path.join(site, 'package-lock.json'), JSON.stringify({ ...lock, name: 'site', packages }));
  const install = run('npm', ['ci', '--prefer-offline', '--no-audit'], { cwd: site });
  assert.is(install.status, 0, install.stderr);
  assert.not.ok(existsSync(path.join(site, 'node_modules', 'mermaid')), 'an optional peer is not installed');

  cpSync(fixture('docusaurus'), site, { recursive: true });
  // Nothing under node_modules may change but the site's own cache.
  mkdirSync(path.join(site, 'node_modules', '.cache'));
  const entries = readdirSync(path.join(site, 'node_modules')).filter((e) => e !== '.cache');
  const readOnly = run('chmod', ['-R', 'a-w', ...entries], { cwd: path.join(site, 'node_modules') });
  assert.is(readOnly.status, 0, readOnly.stderr);
  chmodSync(path.join(site, 'node_modules'), 0o555);
  if (dropRoot) {
    // The unprivileged user owns the site's folder (not what is in it) and its cache, and nothing else.
    chmodSync(work, 0o755);
    for (const dir of ['home', 'npm-cache']) mkdirSync(path.join(work, dir));
    const owner = `${nobody}:${nobody}`;
    for (const args of [
      ['-R', owner, 'home', 'npm-cache', 'site/node_modules/.cache'],
      [owner, 'site'],
    ]) {
      const chown = run('chown', args, { cwd: work });
      assert.is(chown.status, 0, chown.stderr);
    }
  }
  const before = snapshot(installed);

  // The fixture draws two diagrams, and Mermaid is not installed: the first one is an error that says what to do.
  const failed = docsIt('build');
  assert.is(failed.status, 1, failed.stdout + failed.stderr);
  assert.match(failed.stderr, 'content/docs/guide/panoramica.md:16: ');
  assert.match(failed.stderr, 'npm i mermaid');
  assert.not.ok(existsSync(path.join(site, 'build')));
  for (const file of ['content/docs/guide/panoramica.md', 'content/docs/riferimenti/api/eventi.md']) {
    const text = readFileSync(path.join(site, file), 'utf8');
    writeFileSync(path.join(site, file), text.replace(/```mermaid\n[\s\S]*?```\n/g, ''));
  }

  // Two compile workers: the bundle's worker module runs too.
  const built = docsIt('build', '--jobs', '2');
  assert.is(built.status, 0, built.stdout + built.stderr);
  assert.ok(existsSync(path.join(site, 'build/lanterna/docs/guide/panoramica/index.html')));
  assert.ok(
    readdirSync(path.join(site, 'node_modules/.cache/docs-it')).length > 0,
    "the cache is in the site's folder",
  );
  assert.equal(snapshot(installed), before, 'nothing in the installed package changed');

  // The checkout builds the same site into the same files (content hashes aside: source maps name other paths).
  const copy = path.join(work, 'checkout-site');
  cpSync(site, copy, { recursive: true, filter: (from) => !/[/\\](node_modules|build|\.docs-it-[^/\\]*)$/.test(from) });
  const fromCheckout = run(process.execPath, [path.join(repoRoot, 'bin/docs-it.mjs'), 'build', '--quiet'], {
    cwd: copy,
  });
  assert.is(fromCheckout.status, 0, fromCheckout.stderr);
  assert.equal(outputOf(path.join(site, 'build')), outputOf(path.join(copy, 'build')));
});

test('npx docs-it dev serves the site from the read-only install', async () => {
  const before = snapshot(installed);
  const [command, args, env] = docsItCommand('dev', '--port', '0');
  const child = spawn(command, args, { cwd: site, env, detached: true });
  let output = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      // A hang guard only: dev is ready within seconds.
      const guard = setTimeout(() => reject(new Error(`dev printed no address: ${output}`)), 120_000);
      const read = (chunk: Buffer) => {
        output += chunk;
        const address = /http:\/\/[^\s]+/.exec(output)?.[0];
        if (address) {
          clearTimeout(guard);
          resolve(address);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => reject(new Error(`dev exited with ${code}: ${output}`)));
    });
    const page = await fetch(new URL('docs/guide/panoramica', url));
    assert.is(page.status, 200);
    assert.match(await page.text(), '<h1>Le guide</h1>');
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  }
  assert.equal(snapshot(installed), before, 'nothing in the installed package changed');
});

test('npx docs-it init from the read-only install writes a site (from the packed starters) that it builds', () => {
  const before = snapshot(installed);
  const init = docsIt('init', 'fresh', '--locale', 'it');
  assert.is(init.status, 0, init.stdout + init.stderr);
  assert.match(init.stdout, 'Created a docs-it site in fresh (15 files, it).');
  assert.ok(existsSync(path.join(site, 'fresh', '.gitignore')), "the starters' gitignore, renamed");
  // From the site's folder, where the install is (fresh/ has a package.json of its own, not installed).
  const built = docsIt('build', '--config', 'fresh/site.config.ts', '--quiet');
  assert.is(built.status, 0, built.stdout + built.stderr);
  assert.ok(existsSync(path.join(site, 'fresh', 'build', 'docs', 'guide', 'scrivere-le-pagine', 'index.html')));
  assert.equal(snapshot(installed), before, 'nothing in the installed package changed');
});

test("a site written in TypeScript gets docs-it's types, with either module resolution", () => {
  // The fixture's config is right; this file is not, and must be the only one with errors.
  writeFileSync(path.join(site, 'wrong.ts'), "import { defineConfig } from 'docs-it';\ndefineConfig({ title: 1 });\n");
  for (const [moduleResolution, module] of [
    ['Bundler', 'ESNext'],
    ['NodeNext', 'NodeNext'],
  ]) {
    const options = { strict: true, noEmit: true, skipLibCheck: false, types: [], target: 'ES2022' };
    const tsconfig = { compilerOptions: { ...options, module, moduleResolution }, include: ['*.ts'] };
    writeFileSync(path.join(site, 'tsconfig.json'), JSON.stringify(tsconfig));
    // TypeScript 7 prints its pretty form in a pipe too: `--pretty false` gives one `file(line,col): error` line each.
    const checked = run(process.execPath, [tscPath, '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: site });
    const errors = checked.stdout.split('\n').filter((line) => /error TS/.test(line));
    assert.is(errors.length, 1, `${moduleResolution}: ${checked.stdout}`);
    // Not assignable (not "cannot find module"): the types of defineConfig were read.
    assert.match(errors[0]!, /^wrong\.ts\(2,\d+\): error TS23(22|45)/);
  }
  removeDir(path.join(site, 'wrong.ts'));
  const imported = run(process.execPath, ['-e', "import('docs-it').then((m) => console.log(typeof m.defineConfig))"], {
    cwd: site,
  });
  assert.is(imported.stdout.trim(), 'function', imported.stderr);
});

test('an install missing a dependency of docs-it says which, without a stack trace', () => {
  chmodSync(path.join(site, 'node_modules'), 0o755);
  const esbuild = path.join(site, 'node_modules', 'esbuild');
  renameSync(esbuild, `${esbuild}-gone`);
  try {
    const result = docsIt('build');
    assert.is(result.status, 1);
    assert.match(result.stderr, "the package 'esbuild' that docs-it needs is not installed");
    assert.not.match(result.stderr, /^\s+at /m);
  } finally {
    renameSync(`${esbuild}-gone`, esbuild);
  }
});

test('an installed copy without its built CLI says to install it again, and builds nothing itself', () => {
  const cli = path.join(installed, 'dist', 'cli');
  chmodSync(cli, 0o755);
  renameSync(path.join(cli, 'code-versions.json'), path.join(cli, 'code-versions.gone'));
  try {
    const result = docsIt('build');
    assert.is(result.status, 1);
    assert.match(result.stderr, 'this copy of docs-it has no built CLI');
    assert.match(result.stderr, 'Install docs-it again');
    assert.not.ok(existsSync(path.join(cli, 'code-versions.json')));
  } finally {
    renameSync(path.join(cli, 'code-versions.gone'), path.join(cli, 'code-versions.json'));
  }
});

test.run();
