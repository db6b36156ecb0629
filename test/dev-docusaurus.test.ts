/*
 * `dev` on a site in Docusaurus's dialect: files next to pages are served, and an edit of the site's
 * components or of an image shows in the page without a restart.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type RunningDev, startDev } from '../src/cli/dev-command';
import { docusaurusPagesWithoutDiagrams } from './docusaurus-fixture';
import { afterChangeThrottle, copyFixture, quietly, removeDir, repoRoot } from './helpers';

// No test here looks at a diagram, and Mermaid in the bundle would be bundled again at each edit of the site's code.
const dir = copyFixture('docusaurus', docusaurusPagesWithoutDiagrams());
let dev: RunningDev;
const origin = () => new URL(dev.url).origin;
const page = async (route: string) => (await fetch(`${origin()}${route}`)).text();

/**
 * The next `update` event of the live-reload stream, after `action`: dev has applied the change by then, and
 * answers with it. A hang guard, far above the second an update takes, gives up after 60 s.
 */
async function nextUpdate(
  action: () => void,
): Promise<{ paths: string[] | 'all'; diagnostics: { severity: string; location?: string; message: string }[] }> {
  const controller = new AbortController();
  const guard = setTimeout(() => controller.abort(new Error('hang guard: no update event in 60 s')), 60_000);
  const res = await fetch(`${origin()}/__docs-it/events`, { signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let acted = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the event stream ended');
      buffer += value;
      if (!acted && buffer.includes('event: hello')) {
        acted = true;
        action();
      }
      const update = /event: update\ndata: (.+)\n\n/.exec(buffer);
      if (update) return JSON.parse(update[1]!);
    }
  } finally {
    clearTimeout(guard);
    controller.abort();
  }
}

test.before(async () => {
  const config = path.join(dir, 'site.config.ts');
  dev = await quietly(() => startDev({ packageRoot: repoRoot, config, port: 0, host: '127.0.0.1', open: false }));
});
test.after(async () => {
  await dev.close();
  removeDir(dir);
});

test('an image next to a page is served at its hashed URL, and a new one after the image changes', async () => {
  const html = await page('/lanterna/docs/avvio/requisiti');
  const url = /<img src="(\/lanterna\/assets\/files\/schema-[0-9a-f]{8}\.svg)"/.exec(html)?.[1];
  assert.ok(url, 'the page shows the image');
  const served = await fetch(`${origin()}${url}`);
  assert.is(served.status, 200);
  assert.match(await served.text(), 'comando → evento');
  const update = await nextUpdate(() =>
    writeFileSync(
      path.join(dir, 'content/docs/avvio/schema.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><text>nuovo</text></svg>\n',
    ),
  );
  assert.is(update.paths, 'all', 'the browser reloads the pages that show it');
  const next = /<img src="(\/lanterna\/assets\/files\/schema-[0-9a-f]{8}\.svg)"/.exec(
    await page('/lanterna/docs/avvio/requisiti'),
  )?.[1];
  assert.ok(next && next !== url, `the page names the new image, not ${next}`);
  assert.match(await (await fetch(`${origin()}${next}`)).text(), 'nuovo');
});

test("an edit of the site's components shows in the page without a restart", async () => {
  assert.match(await page('/lanterna/docs/avvio/introduzione'), 'npm run tauri dev');
  const file = path.join(dir, 'src/components/Command.tsx');
  await nextUpdate(() => writeFileSync(file, readFileSync(file, 'utf8').replace('npm run tauri', 'npm exec tauri')));
  assert.match(await page('/lanterna/docs/avvio/introduzione'), 'npm exec tauri dev', 'the new command');
});

test('a CSS module that stops parsing is an error at its line in the overlay, gone once it parses again', async () => {
  // A module of a hydrated component: the browser's bundle reads it too.
  const file = path.join(dir, 'src/components/Scheda.module.css');
  const good = readFileSync(file, 'utf8');
  const broken = await nextUpdate(() => writeFileSync(file, good.replace('.titolo {', '.titolo {{')));
  const shown = broken.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.location}: ${d.message}`);
  assert.ok(
    shown.some((line) => line.startsWith('src/components/Scheda.module.css:')),
    `located in the CSS module: ${shown.join('\n')}`,
  );
  await afterChangeThrottle();
  const fixed = await nextUpdate(() => writeFileSync(file, good));
  assert.equal(
    fixed.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  assert.match(await page('/lanterna/comunita'), /<p class="Scheda_[0-9a-f]{6}_titolo">/);
});

/** The text of the site's stylesheet that a page of `dev` links to. */
async function siteStylesheetOf(route: string): Promise<string> {
  const href = /<link rel="stylesheet" href="([^"]*\/site\.[^"]+\.css)"/.exec(await page(route))?.[1];
  assert.ok(href, "the page links to the site's stylesheet");
  return (await fetch(`${origin()}${href}`)).text();
}

test("an edit of a component's CSS module reaches the stylesheet pages load, under the same scoped name", async () => {
  const before = await page('/lanterna/comunita');
  const name = /<p class="(Scheda_[0-9a-f]{6}_titolo)">/.exec(before)?.[1];
  assert.ok(name, 'the title has its scoped name');
  assert.match(await siteStylesheetOf('/lanterna/comunita'), 'rgb(30, 110, 60)');
  const file = path.join(dir, 'src/components/Scheda.module.css');
  const update = await nextUpdate(() =>
    writeFileSync(file, readFileSync(file, 'utf8').replace('color: rgb(30, 110, 60);', 'color: rgb(90, 20, 120);')),
  );
  assert.is(update.paths, 'all', 'every open page reloads its stylesheet');
  const css = await siteStylesheetOf('/lanterna/comunita');
  assert.match(css, `.${name} {\n  color: rgb(90, 20, 120);`);
  assert.match(await page('/lanterna/comunita'), `<p class="${name}">`);
});

test("an edit of a component's CSS module shows in the site's stylesheet without a restart", async () => {
  const sheet = async () => {
    const html = await page('/lanterna/docs/strumenti/estensioni');
    const href = /<link rel="stylesheet" href="(\/lanterna\/assets\/site\.[^"]+\.css)">/.exec(html)?.[1];
    assert.ok(href, 'the page links the site stylesheet');
    return { html, css: await (await fetch(`${origin()}${href}`)).text() };
  };
  const before = await sheet();
  const name = /class="valutazione (styles_[0-9a-f]{6}_stelle)"/.exec(before.html)?.[1];
  assert.ok(name);
  assert.match(before.css, new RegExp(`\\.${name} \\{\\s*color: #d4a017;`));
  const file = path.join(dir, 'src/theme/Valutazione/styles.module.css');
  await nextUpdate(() => writeFileSync(file, readFileSync(file, 'utf8').replace('#d4a017', '#1a7f37')));
  const after = await sheet();
  assert.match(after.html, `class="valutazione ${name}"`, 'the class name stays');
  assert.match(after.css, new RegExp(`\\.${name} \\{\\s*color: #1a7f37;`));
});

test.run();
