import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type RunningDev, startDev } from '../src/cli/dev-command';
import { loadConfig } from '../src/config/load-config';
import { customCssFiles } from '../src/config/package-stylesheet';
import { docsItErrorsOf, formatError } from '../src/errors';
import { bundleSiteStyles } from '../src/site/bundle/site-styles';
import { collectingReporter } from '../src/site/reporter';
import { afterChangeThrottle, buildErrors, copyFixture, removeDir, repoRoot } from './helpers';

// The French fixture site names ./src/css/custom.css in its config's customCss.
const customCss = 'src/css/custom.css';
const brokenCss = ':root {\n  --ifm-color-primary: #a4133c;\n}\n\n.hero--atelier {\n  color: white;\n';

test('a customCss file that is missing is an error at the config line that names it', async () => {
  const dir = copyFixture('other-site');
  removeDir(path.join(dir, 'src'));
  try {
    await loadConfig({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts') });
    assert.unreachable('the config loads');
  } catch (error) {
    assert.equal(docsItErrorsOf(error).map(formatError), [
      'site.config.ts:9:3: customCss[0]: file not found: ./src/css/custom.css\n' +
        "  → Add the file, or fix the path (it is relative to the site's folder, like ./src/css/custom.css).",
    ]);
  } finally {
    removeDir(dir);
  }
});

test('a customCss file that does not parse fails the build at its line', async () => {
  assert.equal(await buildErrors('other-site', { [customCss]: brokenCss }), [
    `${customCss}:7:1: customCss: Expected "}" to go with "{"\n` +
      "  → Fix the stylesheet: it must be valid CSS (docs-it loads it after the theme's, as Docusaurus does).",
  ]);
});

test('a customCss file outside the site folder is refused at its config line', async () => {
  const dir = copyFixture('other-site');
  const config = path.join(dir, 'site.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace('./src/css/custom.css', '../../custom.css'));
  try {
    await loadConfig({ packageRoot: repoRoot, config });
    assert.unreachable('the config loads');
  } catch (error) {
    const [message] = docsItErrorsOf(error).map(formatError);
    assert.match(message!, /^site\.config\.ts:9:3: customCss\[0\]: /);
  } finally {
    removeDir(dir);
  }
});

test('a stylesheet an installed package exports is bundled by its name; one no package has is an error', async () => {
  const dir = copyFixture('other-site');
  const pkg = path.join(dir, 'node_modules', 'stile-tweet');
  mkdirSync(path.join(pkg, 'dist'), { recursive: true });
  writeFileSync(
    path.join(pkg, 'package.json'),
    JSON.stringify({ name: 'stile-tweet', exports: { '.': './index.js', './theme.css': './dist/theme.css' } }),
  );
  writeFileSync(path.join(pkg, 'dist', 'theme.css'), '.tweet-card {\n  border: 1px solid #cfd9de;\n}\n');
  const config = path.join(dir, 'site.config.ts');
  const text = readFileSync(config, 'utf8');
  try {
    writeFileSync(config, text.replace("'./src/css/custom.css'", "'./src/css/custom.css', 'stile-tweet/theme.css'"));
    const loaded = await loadConfig({ packageRoot: repoRoot, config });
    assert.equal(loaded.site.customCss, ['./src/css/custom.css', 'stile-tweet/theme.css']);
    const styles = await bundleSiteStyles({
      siteRoot: dir,
      customCss: customCssFiles(loaded.site.customCss, dir),
      baseUrl: '/',
      mode: 'development',
    });
    const css = new TextDecoder().decode(styles.files.find((f) => f.path.endsWith('.css'))!.contents);
    assert.match(css, /\.tweet-card \{\s*border: 1px solid #cfd9de;/);
    writeFileSync(config, text.replace("'./src/css/custom.css'", "'./src/css/custom.css', 'stile-assente/theme.css'"));
    const error = await loadConfig({ packageRoot: repoRoot, config }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.match(
      docsItErrorsOf(error).map(formatError).join('\n'),
      /^site\.config\.ts:9:3: customCss\[1\]: stile-assente\/theme\.css: no such stylesheet in the site's installed/,
    );
  } finally {
    removeDir(dir);
  }
});

test("@import of a package's stylesheet as webpack reads it: ~pkg, and a package named alone", async () => {
  const dir = copyFixture('other-site', {
    'node_modules/caratteri/package.json': '{ "name": "caratteri", "main": "index.css" }',
    'node_modules/caratteri/index.css': '.caratteri {\n  font-family: Rubik;\n}\n',
    'node_modules/icone/package.json': '{ "name": "icone", "style": "font/icone.css" }',
    'node_modules/icone/font/icone.css': '.icona {\n  display: inline-block;\n}\n',
    'src/css/pacchetti.css': "@import '~caratteri';\n@import 'icone';\n",
  });
  try {
    const styles = await bundleSiteStyles({
      siteRoot: dir,
      customCss: ['./src/css/pacchetti.css'],
      baseUrl: '/',
      mode: 'development',
    });
    const css = new TextDecoder().decode(styles.files.find((f) => f.path.endsWith('.css'))!.contents);
    assert.match(css, /\.caratteri \{\s*font-family: Rubik;/);
    assert.match(css, /\.icona \{\s*display: inline-block;/);
  } finally {
    removeDir(dir);
  }
});

/** Waits until `done()` holds; a hang guard far above the second or so a dev update takes. */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const guard = Date.now() + 120_000;
  while (!(await done())) {
    if (Date.now() > guard) throw new Error(`dev never ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let dev: RunningDev | undefined;
const devDir = copyFixture('other-site');

/** The page's stylesheets, in the order the page loads them, and the text of the last one. */
async function stylesOf(origin: string): Promise<{ hrefs: string[]; last: string }> {
  const html = await (await fetch(`${origin}/docs/manuel/premiers-pas/installation`)).text();
  const hrefs = Array.from(html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g), (m) => m[1]!);
  return { hrefs, last: await (await fetch(`${origin}${hrefs.at(-1)}`)).text() };
}

test('dev: the site stylesheet after the theme’s; an edit served at once, a broken one shown until fixed', async () => {
  const report = collectingReporter();
  dev = await startDev(
    { packageRoot: repoRoot, config: path.join(devDir, 'site.config.ts'), port: 0, host: '127.0.0.1', open: false },
    report,
  );
  const origin = dev.url.replace(/\/docs\/$/, '');
  const before = await stylesOf(origin);
  assert.equal(
    before.hrefs.map((h) => h.replace(/\.[A-Z0-9]+\.css$/, '.css')),
    ['/docs/assets/styles.css', '/docs/assets/site.css'],
  );
  assert.match(before.last, '--ifm-color-primary: #a4133c');
  const file = path.join(devDir, customCss);
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, original.replace('#a4133c', '#1d4ed8'));
  // The watcher takes the edit, the pages reload with the new stylesheet.
  let after = before;
  await until(async () => {
    after = await stylesOf(origin);
    return after.last.includes('#1d4ed8');
  }, 'served the edit');
  assert.not.equal(after.hrefs.at(-1), before.hrefs.at(-1), 'a new URL: no cached copy is reused');
  await afterChangeThrottle();
  writeFileSync(file, brokenCss);
  const shown = () => dev!.site.diagnostics.map((d) => formatError(d.error));
  await until(() => shown().some((e) => e.startsWith(`${customCss}:7:1: customCss: Expected "}"`)), 'showed the error');
  await afterChangeThrottle();
  writeFileSync(file, original);
  await until(() => !shown().some((e) => e.includes('customCss')), 'cleared the error');
  assert.match((await stylesOf(origin)).last, '#a4133c');
});

test('dev: a code.json written while dev runs changes the interface strings of the pages served', async () => {
  const origin = dev!.url.replace(/\/docs\/$/, '');
  const page = () => fetch(`${origin}/docs/manuel/premiers-pas/installation`).then((r) => r.text());
  assert.match(await page(), '>Sur cette page<');
  mkdirSync(path.join(devDir, 'i18n/fr'), { recursive: true });
  writeFileSync(
    path.join(devDir, 'i18n/fr/code.json'),
    JSON.stringify({ 'theme.TOC.title': { message: 'Dans cette page', description: 'The TOC title' } }),
  );
  await until(async () => (await page()).includes('>Dans cette page<'), 'took the code.json');
});

test.after(async () => {
  await dev?.close();
  removeDir(devDir);
});

test.run();
