// `docs-it init`: a new site, written without a question, that builds and serves as it is.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pipeEnv, removeDir, repoRoot } from './helpers';

const bin = path.join(repoRoot, 'bin/docs-it.mjs');
const hangGuardMs = 120_000;
// Outside the repository, as a new site is: no node_modules above it.
const root = mkdtempSync(path.join(os.tmpdir(), 'docs-it-init-'));
test.after(() => removeDir(root));

const docsIt = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: pipeEnv(), timeout: 180_000 });
const read = (...parts: string[]) => readFileSync(path.join(root, ...parts), 'utf8');

const starterFiles = [
  '.gitignore',
  'content/blog/welcome.md',
  'content/docs/getting-started/_category_.json',
  'content/docs/getting-started/introduction.md',
  'content/docs/getting-started/running-the-site.md',
  'content/docs/guides/_category_.json',
  'content/docs/guides/writing-pages.mdx',
  'content/pages/index.md',
  'content/static/img/favicon.svg',
  'content/static/img/logo.svg',
  'package.json',
  'site.config.ts',
  'src/components/Counter.tsx',
  'src/components/index.tsx',
  'src/css/custom.css',
];

test('init writes an English site with its scripts and ignores, and it builds', () => {
  const init = docsIt(root, 'init', 'My Site');
  assert.is(init.status, 0, init.stderr);
  assert.is(
    init.stdout,
    'Created a docs-it site in My Site (15 files, en).\nNext: cd "My Site" && npm install && npm run dev\n',
  );
  for (const file of starterFiles) assert.ok(existsSync(path.join(root, 'My Site', file)), file);
  const manifest = JSON.parse(read('My Site', 'package.json'));
  assert.is(manifest.name, 'my-site');
  assert.equal(manifest.scripts, { dev: 'docs-it dev', build: 'docs-it build', serve: 'docs-it serve' });
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  assert.equal(manifest.dependencies, { 'docs-it': `^${version}` });
  const ignored = read('My Site', '.gitignore').split('\n');
  for (const line of ['/build', '.docs-it-*', 'node_modules/']) assert.ok(ignored.includes(line), line);
  assert.match(read('My Site', 'content/blog/welcome.md'), `date: ${new Date().toISOString().slice(0, 10)}\n`);

  const build = docsIt(path.join(root, 'My Site'), 'build');
  assert.is(build.status, 0, `${build.stdout}\n${build.stderr}`);
  const out = path.join(root, 'My Site', 'build');
  const page = readFileSync(path.join(out, 'docs/guides/writing-pages/index.html'), 'utf8');
  assert.match(page, '<html lang="en"');
  assert.match(page, '<button type="button" class="counter">Clicks: 0</button>');
  assert.match(page, '<a class="navbar-item navbar-link active" href="/docs/getting-started/introduction">Docs</a>');
  assert.match(page, '<a class="navbar-item navbar-link" href="/blog">Blog</a>');
  assert.match(page, 'aria-controls="cat-1-0-getting-started">Getting started<');
  assert.match(page, 'aria-controls="cat-1-1-guides">Guides<');
  assert.match(page, '<img class="logo logo-light" src="/img/logo.svg" alt="My Docs logo"');
  assert.ok(existsSync(path.join(out, 'index.html')), 'home page');
  assert.ok(existsSync(path.join(out, 'blog', 'index.html')), 'blog');
});

test("the new site's dev server starts and serves its home page", async () => {
  const site = path.join(root, 'My Site');
  const dev = spawn(process.execPath, [bin, 'dev', '--port', '0'], { cwd: site, env: pipeEnv({ CI: 'true' }) });
  let output = '';
  for (const stream of [dev.stdout, dev.stderr]) stream.setEncoding('utf8').on('data', (c: string) => (output += c));
  const exited = new Promise<void>((resolve) => dev.once('exit', () => resolve()));
  try {
    const url = await Promise.race([
      (async () => {
        for (;;) {
          const ready = /ready in \d+ ms at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
          if (ready) return ready[1]!;
          if (dev.exitCode !== null) throw new Error(`dev exited:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`hang: dev never ready\n${output}`)), hangGuardMs).unref(),
      ),
    ]);
    const response = await fetch(url);
    assert.is(response.status, 200);
    const html = await response.text();
    assert.match(html, '<title>My Docs');
    assert.match(html, 'Documentation written in Markdown, built with docs-it.');
  } finally {
    dev.kill('SIGTERM');
    await exited;
  }
});

test('--locale it writes the Italian site, which builds in Italian', () => {
  const init = docsIt(root, 'init', 'sito', '--locale', 'it');
  assert.is(init.status, 0, init.stderr);
  assert.match(read('sito', 'site.config.ts'), "i18n: { defaultLocale: 'it' }");
  assert.ok(existsSync(path.join(root, 'sito', 'content/docs/per-iniziare/introduzione.md')));
  const build = docsIt(path.join(root, 'sito'), 'build');
  assert.is(build.status, 0, `${build.stdout}\n${build.stderr}`);
  const page = readFileSync(path.join(root, 'sito', 'build/docs/guide/scrivere-le-pagine/index.html'), 'utf8');
  assert.match(page, '<html lang="it"');
  assert.match(page, '<nav class="docs-sidebar-menu" aria-label="Documentazione">');
  assert.match(page, 'aria-controls="cat-1-0-per-iniziare">Per iniziare<');
});

test('an unknown --locale is a usage error that lists the available ones, and nothing is written', () => {
  const init = docsIt(root, 'init', 'klingon', '--locale', 'tlh');
  assert.is(init.status, 2);
  assert.match(init.stderr, 'unknown locale "tlh"');
  assert.match(init.stderr, 'Use one of: en, it');
  assert.not.ok(existsSync(path.join(root, 'klingon')));
});

test('a folder that is not empty is refused without --force; with it, files of the same names are replaced', () => {
  const dir = path.join(root, 'existing');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'notes.txt'), 'mine\n');
  writeFileSync(path.join(dir, 'site.config.ts'), '// mine\n');
  const refused = docsIt(dir, 'init');
  assert.is(refused.status, 1);
  assert.match(refused.stderr, '. is not empty (notes.txt, site.config.ts)');
  assert.match(refused.stderr, 'pass --force');
  assert.is(readFileSync(path.join(dir, 'site.config.ts'), 'utf8'), '// mine\n');
  assert.not.ok(existsSync(path.join(dir, 'package.json')));

  const forced = docsIt(dir, 'init', '--force');
  assert.is(forced.status, 0, forced.stderr);
  assert.match(forced.stderr, "replaced 1 of the folder's files: site.config.ts");
  assert.is(readFileSync(path.join(dir, 'notes.txt'), 'utf8'), 'mine\n');
  assert.match(readFileSync(path.join(dir, 'site.config.ts'), 'utf8'), "title: 'My Docs'");
});

test('a fresh git checkout counts as empty', () => {
  const dir = path.join(root, 'checkout');
  mkdirSync(path.join(dir, '.git'), { recursive: true });
  const init = docsIt(dir, 'init');
  assert.is(init.status, 0, init.stderr);
  assert.ok(existsSync(path.join(dir, 'site.config.ts')));
});

const createDocsIt = path.join(repoRoot, 'packages/create-docs-it');

test('npm create docs-it: create-docs-it runs the init of the docs-it installed beside it, with its arguments', () => {
  // As npm installs it: docs-it where create-docs-it's require finds it.
  const modules = path.join(root, 'installed');
  mkdirSync(modules);
  symlinkSync(repoRoot, path.join(modules, 'docs-it'), 'dir');
  const created = spawnSync(process.execPath, [path.join(createDocsIt, 'index.mjs'), 'created', '--locale', 'it'], {
    cwd: root,
    encoding: 'utf8',
    env: pipeEnv({ NODE_PATH: modules }),
  });
  assert.is(created.status, 0, created.stderr);
  assert.match(created.stdout, 'Created a docs-it site in created (15 files, it).');
  assert.ok(existsSync(path.join(root, 'created', 'content/docs/per-iniziare/introduzione.md')));
  // An exit code of init's own comes through.
  const refused = spawnSync(process.execPath, [path.join(createDocsIt, 'index.mjs'), 'created'], {
    cwd: root,
    encoding: 'utf8',
    env: pipeEnv({ NODE_PATH: modules }),
  });
  assert.is(refused.status, 1);
  assert.match(refused.stderr, 'created is not empty');
});

test('create-docs-it without docs-it beside it says so, without a stack trace', () => {
  const alone = spawnSync(process.execPath, [path.join(createDocsIt, 'index.mjs'), 'x'], {
    cwd: root,
    encoding: 'utf8',
    env: pipeEnv({ NODE_PATH: '' }),
  });
  assert.is(alone.status, 1);
  assert.is(
    alone.stderr,
    'create-docs-it: the package docs-it is not installed beside it.\n  → Run: npx docs-it init\n',
  );
});

test('create-docs-it depends on the version of docs-it this repository is', () => {
  const docsIt = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const create = JSON.parse(readFileSync(path.join(createDocsIt, 'package.json'), 'utf8'));
  assert.is(create.version, docsIt.version);
  assert.equal(create.dependencies, { 'docs-it': `^${docsIt.version}` });
});

test.run();
