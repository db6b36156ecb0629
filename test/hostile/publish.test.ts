/*
 * Hostile input, "only the site is published": secrets in the site folder (`.env`, `.git/config`, `.npmrc`,
 * `node_modules`) named through links in content/static, `..` in image paths, links, imports, front matter and the
 * config; special files (FIFO, socket) that would block whoever opens them; file names no URL can carry. Build and
 * dev are checked alike. Loopback only; every wait has a hang guard far above the time it takes.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/build/build-site';
import { startDev } from '../../src/cli/dev-command';
import { docsItErrorsOf, formatError } from '../../src/errors';
import { type CollectedReport, collectingReporter } from '../../src/site/reporter';
import { capturingStderr, copyFixture, removeDir, repoRoot } from '../helpers';

const mkfifo = (file: string) => execFileSync('mkfifo', [file]);

/** Bounds a wait that must not hang: far above what it takes even on a loaded machine. */
function guarded<T>(what: string, promise: Promise<T>, seconds = 180): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${seconds} s (blocked?)`)), seconds * 1000);
  });
  return Promise.race([promise, hang]).finally(() => clearTimeout(timer));
}

const secrets = {
  '.env': 'SEGRETO_ENV_3f9a1c',
  '.npmrc': '//registry.npmjs.org/:_authToken=SEGRETO_NPM_77b2e0',
  '.git/config': '[remote "origin"]\n\turl = https://x-access-token:SEGRETO_GIT_51d4aa@example.org/r.git\n',
  'node_modules/pacchetto/segreto.png': 'SEGRETO_PACCHETTO_0c61f2',
  'privato.png': 'SEGRETO_RADICE_9e0d13',
  // Inside content/, but hidden: a content folder that is itself a git checkout.
  'content/.git/config': '[remote "origin"]\n\turl = https://SEGRETO_SUBMODULE_a1b2c3@example.org/c.git\n',
  'content/static/node_modules/x/segreto.txt': 'SEGRETO_STATICO_4411ee',
};
const secretValues = Object.values(secrets).map((text) => /SEGRETO_\w+/.exec(text)![0]);

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** The output holds none of the secrets, and no hidden or node_modules path. */
function assertNothingSecret(out: string) {
  const files = filesUnder(out);
  for (const file of files) {
    assert.not.ok(
      file.split(path.sep).some((part) => part.startsWith('.') || part === 'node_modules'),
      `published: ${file}`,
    );
    const text = readFileSync(path.join(out, file), 'latin1');
    for (const secret of secretValues) assert.not.ok(text.includes(secret), `${file} holds ${secret}`);
  }
}

/**
 * A process of its own that watches every FIFO under `dir`: when a reader waits on one (docs-it opened it), it opens
 * the FIFO for writing and closes it at once, so the reader gets end of file instead of blocking the build's thread
 * for ever (a hang guard in this process could not run then), and it names the FIFO. A correct build opens none.
 */
function watchFifos(dir: string): { opened(): string[]; stop(): void } {
  // Its own walk: a recursive readdir follows links to folders, and the site has a loop of them.
  const script = `
    const fs = require('node:fs'), path = require('node:path');
    const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : e.isFIFO() ? [path.join(dir, e.name)] : []);
    setInterval(() => {
      let fifos = [];
      try { fifos = walk(process.argv[1]); } catch {}
      for (const file of fifos) {
        try {
          fs.closeSync(fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
          console.log(file);
        } catch {}
      }
    }, 300);`;
  const child = spawn(process.execPath, ['-e', script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  return { opened: () => output.split('\n').filter(Boolean), stop: () => child.kill() };
}

const withSecrets = (files: Record<string, string> = {}) => copyFixture('basic', { ...secrets, ...files });

// ---- Links and special files in the content folder: left out with a warning, the build goes on. ----

const linked = withSecrets();
const staticDir = path.join(linked, 'content/static');
let socket: Server;
let fifoWatch: ReturnType<typeof watchFifos>;

test.before(async () => {
  symlinkSync('../../.env', path.join(staticDir, 'env.txt'));
  symlinkSync('../../.git/config', path.join(staticDir, 'config.txt'));
  symlinkSync('../../.npmrc', path.join(staticDir, 'npmrc.txt'));
  symlinkSync('../.git/config', path.join(staticDir, 'sottomodulo.txt'));
  symlinkSync('../../node_modules/pacchetto/segreto.png', path.join(staticDir, 'pacchetto.png'));
  symlinkSync('../../privato.png', path.join(staticDir, 'privato.png'));
  // A link to a folder that holds the secrets: never followed.
  symlinkSync('../..', path.join(staticDir, 'sito'));
  mkfifo(path.join(staticDir, 'tubo.txt'));
  mkfifo(path.join(linked, 'content/docs/guides/tubo.md'));
  fifoWatch = watchFifos(linked);
  symlinkSync('tubo.txt', path.join(staticDir, 'verso-tubo.txt'));
  socket = createServer();
  await new Promise<void>((resolve) => socket.listen(path.join(staticDir, 'presa.sock'), resolve));
});

test.after(async () => {
  fifoWatch.stop();
  await new Promise((resolve) => socket.close(resolve));
  removeDir(linked);
});

const linkWarnings: [string, string][] = [
  ['content/static/env.txt', 'outside content/: not published'],
  ['content/static/config.txt', 'outside content/: not published'],
  ['content/static/npmrc.txt', 'outside content/: not published'],
  ['content/static/pacchetto.png', 'outside content/: not published'],
  ['content/static/privato.png', 'outside content/: not published'],
  ['content/static/sottomodulo.txt', ', and .git starts with a dot, and hidden files and folders are never published'],
  ['content/static/sito', 'outside content/: not published'],
  ['content/static/tubo.txt', 'a FIFO (named pipe), not a regular file: left out (opening it could block the build)'],
  ['content/static/verso-tubo.txt', 'a FIFO (named pipe), not a regular file: left out'],
  ['content/static/presa.sock', 'a socket, not a regular file: left out'],
  ['content/docs/guides/tubo.md', 'a FIFO (named pipe), not a regular file: left out'],
];

/** The warnings a run reported, as the CLI prints them (`file: what`, then `  → what to do`). */
const warningsOf = (report: CollectedReport) =>
  report.found.filter((d) => d.severity === 'warning').map((d) => formatError(d.error));

test('build: links to secrets, hidden files, node_modules and special files are left out with a warning', async () => {
  const out = path.join(linked, 'build');
  const config = path.join(linked, 'site.config.ts');
  const report = collectingReporter();
  await guarded('build', buildSite({ packageRoot: repoRoot, config, out, reporter: report }));
  const printed = warningsOf(report);
  for (const [file, warning] of linkWarnings)
    assert.ok(
      printed.some((l) => l.startsWith(`${file}: `) && l.includes(warning)),
      `${file}: ${warning}`,
    );
  const stderr = printed.join('\n');
  // Each says what to do, on its own line.
  assert.match(stderr, 'content/static/env.txt: its link leads to');
  assert.match(stderr, '→ Only files under content/ are published');
  assert.match(stderr, '→ Replace it with a regular file');
  assertNothingSecret(out);
  assert.equal(fifoWatch.opened(), [], 'no FIFO was opened');
  assert.ok(filesUnder(out).includes(path.join('it', 'img', 'logo.svg')), 'ordinary static files are published');
});

test('dev: the same files are not served, and a file turned into a FIFO while it runs is not opened', async () => {
  const report = collectingReporter();
  const config = path.join(linked, 'site.config.ts');
  const dev = await guarded(
    'dev start',
    startDev({ packageRoot: repoRoot, config, port: 0, host: '127.0.0.1', open: false }, report),
  );
  try {
    const logs = warningsOf(report);
    for (const [file, warning] of linkWarnings)
      assert.ok(
        logs.some((l) => l.includes(file) && l.includes(warning)),
        `${file}: ${warning}`,
      );
    const status = async (rel: string) => (await guarded(rel, fetch(`${dev.url}${rel}`))).status;
    // 400: dev refuses a path with a hidden part outright; 404: no such file.
    const refused = async (rel: string) => assert.ok([400, 404].includes(await status(rel)), rel);
    for (const rel of ['env.txt', 'config.txt', 'npmrc.txt', 'sottomodulo.txt', 'pacchetto.png', 'privato.png'])
      assert.is(await status(rel), 404, rel);
    for (const rel of ['sito/.env', 'sito/content/static/img/logo.svg', 'tubo.txt', 'verso-tubo.txt', 'presa.sock'])
      await refused(rel);
    assert.is(await status('img/logo.svg'), 200);
    // A static file replaced by a FIFO after the listing: refused from its stat, never opened.
    const favicon = path.join(staticDir, 'img/favicon.svg');
    removeDir(favicon);
    mkfifo(favicon);
    assert.is(await status('img/favicon.svg'), 404);
    assert.equal(fifoWatch.opened(), [], 'no FIFO was opened');
  } finally {
    await dev.close();
  }
});

// ---- Files named by pages and by the config: a located error, nothing published. ----

/** The errors of building a copy of the fixture with the secrets and `files`, each `file:line:column: message`. */
async function errorsOf(files: Record<string, string>, setup: (dir: string) => void = () => undefined) {
  const dir = withSecrets(files);
  const out = path.join(dir, 'build');
  setup(dir);
  const fifos = watchFifos(dir);
  try {
    const error = await guarded(
      'build',
      capturingStderr(() =>
        buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out }).then(
          () => undefined,
          (e: unknown) => e,
        ),
      ),
    );
    const located = docsItErrorsOf(error.value);
    if (error.value !== undefined && located.length === 0) throw error.value;
    if (existsSync(out)) assertNothingSecret(out);
    assert.equal(fifos.opened(), [], 'no FIFO was opened');
    return located.map(formatError);
  } finally {
    fifos.stop();
    removeDir(dir);
  }
}

test('pages: images, links, imports, require() and front matter that name secrets are located errors', async () => {
  const md = [
    '---',
    'title: Furba',
    '---',
    '',
    '',
    '![env](./img/../../../../.env)',
    '',
    '[scarica](../../../.git/config.txt) e [npmrc](../../../.npmrc)',
    '',
    '<img src="../../../privato.png" />',
    '',
    '![pacchetto](../../../node_modules/pacchetto/segreto.png)',
    '',
    '![nascosto](../../.git/config)',
    '',
  ].join('\n');
  const mdx = [
    "import env from '../../../.env.png';",
    "import pacchetto from '@site/node_modules/pacchetto/segreto.png';",
    '',
    '# Furba MDX',
    '',
    "<img src={require('../../../privato.png').default} />",
    '',
    '<img src={env} /> <img src={pacchetto} />',
    '',
  ].join('\n');
  const errors = (
    await errorsOf(
      { 'content/docs/guides/furba.md': md, 'content/docs/guides/furba-mdx.mdx': mdx, '.env.png': secrets['.env'] },
      (dir) => writeFileSync(path.join(dir, '.git/config.txt'), secrets['.git/config']),
    )
  ).join('\n');
  const at = (where: string, what: string) => assert.ok(errors.includes(`${where}: ${what}`), `${where}: ${what}`);
  at('content/docs/guides/furba.md:6:1', '.env: outside content/: not published');
  at('content/docs/guides/furba.md:8:1', '.git/config.txt: outside content/');
  at('content/docs/guides/furba.md:10:1', 'privato.png: outside content/');
  at('content/docs/guides/furba.md:12:1', 'node_modules/pacchetto/segreto.png: outside content/');
  at('content/docs/guides/furba.md:14:1', 'content/.git/config: .git starts with a dot');
  at('content/docs/guides/furba-mdx.mdx:1:1', '.env.png: outside content/');
  at('content/docs/guides/furba-mdx.mdx:2:1', 'node_modules/pacchetto/segreto.png: outside content/');
  at('content/docs/guides/furba-mdx.mdx:6:11', 'privato.png: outside content/');
  assert.match(errors, '→ Only files under content/ are published');
});

test('front matter: an image that climbs out of content/ is an error at its line', async () => {
  const errors = await errorsOf({
    'content/docs/guides/furba.md': '---\ntitle: Furba\nimage: ./img/../../../../.env\n---\n\nTesto.\n',
    'content/blog/2024-01-01-furbo.md': '---\ntitle: Furbo\nimage: ../.git/config\n---\n\nTesto.\n',
  });
  const text = errors.join('\n');
  assert.match(text, 'content/docs/guides/furba.md:3:1: image ./img/../../../../.env: .env: outside content/');
  assert.match(text, 'content/blog/2024-01-01-furbo.md:3:1: image ../.git/config: content/.git/config: .git starts');
});

test('pages: a page naming a FIFO next to it gets a located error, without opening it', async () => {
  const fifo = { path: '' };
  const errors = await errorsOf({ 'content/docs/guides/tubo.md': '# Tubo\n\n![tubo](./tubo.png)\n' }, (dir) => {
    fifo.path = path.join(dir, 'content/docs/guides/tubo.png');
    mkfifo(fifo.path);
  });
  assert.ok(
    errors.some((e) => e.startsWith('content/docs/guides/tubo.md:3:1: content/docs/guides/tubo.png: a FIFO')),
    errors.join('\n'),
  );
});

test('config: a favicon or logo outside content/static, or hidden, is an error at its key', async () => {
  const errors = await errorsOf({}, (dir) => {
    const file = path.join(dir, 'site.config.ts');
    const text = readFileSync(file, 'utf8')
      .replace("tagline: 'Un sito piccolo per i test',", "tagline: 'x',\n  favicon: '../../.env',")
      .replace("srcDark: 'img/logo.svg'", "srcDark: '.nascosto/logo.svg'");
    writeFileSync(file, text);
    mkdirSync(path.join(dir, 'content/static/.nascosto'));
    writeFileSync(path.join(dir, 'content/static/.nascosto/logo.svg'), '<svg/>');
  });
  const text = errors.join('\n');
  assert.match(text, /site\.config\.ts:6:\d+: favicon: \.env: outside static\/: not published/);
  assert.match(
    text,
    /site\.config\.ts:\d+:\d+: navbar\.logo\.srcDark: content\/static\/\.nascosto\/logo\.svg: \.nascosto/,
  );
});

// ---- File names no URL can carry: an error naming the file. ----

test('file names with #, ?, %, a tab or a line break are errors naming the file', async () => {
  const errors = await errorsOf({
    'content/docs/guides/c#.md': '# C sharp\n',
    'content/docs/guides/perché?.md': '# Perché\n',
    'content/static/img/100%.png': 'x',
    'content/static/img/a\tb.png': 'x',
    'content/blog/2024-01-01-a\nb.md': '---\ntitle: A\n---\n\nTesto.\n',
  });
  const text = errors.join('\n');
  for (const [file, what] of [
    ['content/docs/guides/c#.md', 'the file name has "#"'],
    ['content/docs/guides/perché?.md', 'the file name has "?"'],
    ['content/static/img/100%.png', 'the file name has "%"'],
    ['content/static/img/a\\tb.png', 'the file name has a tab'],
    ['content/blog/2024-01-01-a\\nb.md', 'the file name has a line break'],
  ])
    assert.ok(text.includes(`${file}: ${what}, which a URL cannot carry`), `${file}: ${what}`);
  assert.match(text, '→ Rename the file');
});

test.run();
