import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BuildSummary, buildSite } from '../src/build/build-site';
import { formatSummary } from '../src/cli/build-command';
import { backgroundWrites } from '../src/disk/background-writes';
import { DocsItError, DocsItErrors } from '../src/errors';
import { usesMdx } from '../src/markdown/detect-format';
import { OutputFolder } from '../src/output/output-folder';
import { lockOf, storeOf } from '../src/output/output-store';
import { writeFailure } from '../src/output/write-failure';
import { collectingReporter } from '../src/site/reporter';
import { copyFixture, outputLeftovers, removeDir, repoRoot } from './helpers';

const dir = copyFixture('basic');
const out = path.join(dir, 'build');
const build = (config = path.join(dir, 'site.config.ts')) => buildSite({ packageRoot: repoRoot, config, out });
const read = (rel: string) => readFileSync(path.join(out, rel), 'utf8');

// One build that the tests reading the output share: made here, so no test depends on another having run.
let summary: BuildSummary;
test.before(async () => {
  summary = await build();
});
test.after(() => removeDir(dir));

test('builds every route to a complete HTML document and page data', () => {
  const text = formatSummary(summary, dir, true);
  assert.match(
    text,
    /^Built build\/: \d+ pages, \d+ files, [\d.]+ (KB|MB) in [\d.]+ s\nStages: config \d+ ms, content/,
  );
  assert.match(text, /Routes by kind: .*\bdoc \d+/);
  assert.match(text, /Routes by kind: .*blog-post 11/);
  assert.match(
    text,
    new RegExp(
      /Markdown: \d+ pages? compiled, \d+ taken from the cache \(node_modules\/\.cache\/docs-it\), /.source +
        /\d+ code blocks? already highlighted/.source,
    ),
  );
  assert.match(text, /Pages: \d+ files? written, \d+ unchanged kept from the previous build/);
  assert.ok(summary.pages > 10);
  for (const rel of [
    'it/index.html',
    'it/v1/guides/index.html',
    'it/v1/guides/faq/index.html',
    'it/v1/guides/intro/primo/index.html',
    'it/blog/index.html',
    'it/blog/page/2/index.html',
    'it/blog/archive/index.html',
    'it/blog/2023/01/11/post-11/index.html',
    'it/404.html',
    'it/v1/guides/page-data.json',
  ]) {
    assert.ok(existsSync(path.join(out, rel)), rel);
  }
  assert.not.ok(existsSync(path.join(out, 'it/v1/guides/intro/bozza/index.html')), 'drafts are not published');
  assert.not.ok(existsSync(path.join(out, 'it/v1/guides/intro/index.html')), 'a category without index has no route');
});

test('a site without a Mermaid diagram has none of Mermaid in its bundle', () => {
  const chunks = readdirSync(path.join(out, 'it/assets/chunks'));
  assert.ok(chunks.length > 0);
  assert.equal(
    chunks.filter((f) => /mermaid|flowDiagram|render-diagrams/i.test(f)),
    [],
  );
});

test('source maps name the sources relative to the package: the same bundle from any checkout folder', () => {
  const maps = readdirSync(path.join(out, 'it/assets')).filter((f) => f.endsWith('.map'));
  assert.ok(maps.length >= 2);
  for (const map of maps) {
    const { sources } = JSON.parse(readFileSync(path.join(out, 'it/assets', map), 'utf8')) as { sources: string[] };
    for (const source of sources) assert.not.ok(source.includes(repoRoot.slice(1)), `${map}: ${source}`);
  }
});

test("the app's root element holds the app's markup only (no image preloads React puts in front)", () => {
  const page = read('it/v1/guides/faq/index.html');
  assert.match(page, /<div id="__docs"><a class="skip-link"/);
});

test('head tags: lang, title, description, canonical, hreflang for the 5 locales, Open Graph, colour script', () => {
  const html = read('it/v1/guides/faq/index.html');
  assert.match(html, '<html lang="it" dir="ltr" data-theme="dark">');
  assert.match(html, '<title>FAQ | Sito di prova</title>');
  assert.match(html, '<meta name="description" content="Un sito piccolo per i test">');
  assert.match(html, '<link rel="canonical" href="https://example.org/it/v1/guides/faq">');
  assert.match(html, '<link rel="alternate" hreflang="en" href="https://example.org/v1/guides/faq">');
  assert.match(html, '<link rel="alternate" hreflang="fr" href="https://example.org/fr/v1/guides/faq">');
  assert.match(html, '<link rel="alternate" hreflang="zh-CN" href="https://example.org/zh-cn/v1/guides/faq">');
  assert.match(html, '<link rel="alternate" hreflang="x-default" href="https://example.org/v1/guides/faq">');
  assert.is(html.match(/hreflang=/g)?.length, 6);
  assert.match(html, '<meta property="og:title" content="FAQ | Sito di prova">');
  assert.match(html, "d.setAttribute('data-theme',t)");
  assert.match(html, /<link rel="stylesheet" href="\/it\/assets\/styles\.[A-Z0-9]+\.css">/);
  assert.is(read('it/404.html').includes('<meta name="robots" content="noindex">'), true);
});

test('doc page: sidebar with the current page, breadcrumbs, TOC, prev/next, anchors', () => {
  const html = read('it/v1/guides/intro/secondo/index.html');
  assert.match(html, '<a class="menu-link active" href="/it/v1/guides/intro/secondo" aria-current="page">Secondo</a>');
  assert.match(html, '<nav class="breadcrumbs"');
  assert.match(html, '<a class="pagination-link pagination-prev" href="/it/v1/guides/intro/primo" rel="prev">');
  assert.match(html, 'href="/it/v1/guides/intro/primo#installazione"');
  const faq = read('it/v1/guides/faq/index.html');
  assert.match(faq, '<a class="toc-link" href="#domande">Domande</a>');
  assert.match(faq, '<a class="toc-link" href="#perché-tauri">Perché Tauri?</a>');
});

test('navbar, language dropdown with per-locale URLs, bars and footer', () => {
  const html = read('it/v1/guides/faq/index.html');
  assert.match(html, 'href="/v1/guides/faq" hrefLang="en"');
  assert.match(html, 'href="/ko/v1/guides/faq" hrefLang="ko"');
  assert.match(html, 'Tradotto dalla comunità.');
  assert.match(html, 'data-announcement-id="annuncio-1"');
  assert.match(html, 'Copyright © 2024 Prova');
  // Docusaurus's id for the skip link's target, so a site's CSS written for Docusaurus finds the same <main>.
  assert.match(html, 'class="skip-link" href="#__docusaurus_skipToContent_fallback"');
  assert.match(html, '<main id="__docusaurus_skipToContent_fallback" tabindex="-1">');
});

test('blog lists (10 then 1), archive by year, feeds, sitemap and robots', () => {
  const first = read('it/blog/index.html');
  assert.is(first.match(/class="blog-summary"/g)?.length, 10);
  assert.match(first, 'Riassunto dell’articolo 11'.replace('’', "'"));
  assert.not.match(first, 'Il resto dell');
  assert.is(read('it/blog/page/2/index.html').match(/class="blog-summary"/g)?.length, 1);
  assert.match(read('it/blog/archive/index.html'), '<h2 id="anno-2023">2023</h2>');
  assert.match(read('it/blog/rss.xml'), '<link>https://example.org/it/blog/2023/01/11/post-11</link>');
  assert.match(read('it/blog/atom.xml'), '<feed xmlns="http://www.w3.org/2005/Atom"');
  const sitemap = read('it/sitemap.xml');
  assert.match(sitemap, '<loc>https://example.org/it/v1/guides/faq</loc>');
  assert.not.match(sitemap, '404');
  assert.match(read('robots.txt'), 'Sitemap: https://example.org/it/sitemap.xml');
  assert.ok(existsSync(path.join(out, 'it/img/logo.svg')));
});

test('a cache that cannot be saved after the new build is in place is a warning, not a failed build', async () => {
  const other = path.join(dir, 'build-cache-blocked');
  // A file where the folder of the output manifests should be: replacing a manifest in it fails.
  const manifests = path.join(dir, 'node_modules/.cache/docs-it/outputs');
  rmSync(manifests, { recursive: true, force: true });
  mkdirSync(path.dirname(manifests), { recursive: true });
  writeFileSync(manifests, 'occupato');
  const config = path.join(dir, 'site.config.ts');
  const report = collectingReporter();
  const summary = await buildSite({ packageRoot: repoRoot, config, out: other, reporter: report });
  assert.ok(summary.pages > 10);
  assert.ok(existsSync(path.join(other, 'it/index.html')), 'the build is in place');
  assert.equal(
    report.found.map((d) => [d.severity, d.error.message.replace(/\(.+\)/, '(…)')]),
    [['warning', 'the cache in node_modules/.cache/docs-it was not updated (…); the next build renders every page.']],
  );
  rmSync(manifests);
  rmSync(other, { recursive: true });
});

test("the output's manifest is saved before the build gives up the output's lock", async () => {
  const other = path.join(dir, 'build-lock-held');
  const lock = lockOf(storeOf(other));
  const held: boolean[] = [];
  const save = OutputFolder.prototype.saveManifest;
  // A build started once the lock is free reads the manifests: they must be this build's by then.
  OutputFolder.prototype.saveManifest = function (this: OutputFolder) {
    held.push(existsSync(lock) && readdirSync(lock).length > 0);
    save.call(this);
  };
  try {
    await buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out: other });
  } finally {
    OutputFolder.prototype.saveManifest = save;
  }
  assert.equal(held, [true]);
  assert.not.ok(existsSync(lock) && readdirSync(lock).length > 0, 'given up once the build is done');
  rmSync(other, { recursive: true });
});

test('the output is deterministic: two builds give the same HTML (nothing time- or random-based)', async () => {
  const before = read('it/v1/guides/intro/primo/index.html');
  // Without the cache, so every page is really rendered again.
  await buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out, noCache: true });
  assert.is(read('it/v1/guides/intro/primo/index.html'), before);
});

test('a warm build that compiled no page waits for the file-writing thread only at its end', async () => {
  await build();
  const writes = backgroundWrites();
  const flush = writes.flush;
  // Where each wait for the thread was asked from (the stack of the call).
  const waits: string[] = [];
  writes.flush = () => {
    waits.push(new Error().stack ?? '');
    return flush.call(writes);
  };
  try {
    const warm = await build();
    assert.match(formatSummary(warm, dir, true), 'Markdown: 0 pages compiled');
    // The markdown stage's end waits for the pages this run compiled to be on disk: there are none.
    assert.equal(
      waits.filter((stack) => stack.includes('compilePages')),
      [],
    );
    assert.ok(waits.length > 0, 'the build waits at its end');
  } finally {
    writes.flush = flush;
  }
});

test('unchanged pages come from the previous build; changed ones and files edited by hand are rendered', async () => {
  await build();
  const again = await build();
  const sidebars = again.pageFiles.written;
  assert.is(again.pageFiles.reused, again.pages * 2, 'nothing changed: every document and its page data is kept');
  assert.match(
    formatSummary(again, dir, true),
    `Pages: ${sidebars} ${sidebars === 1 ? 'file' : 'files'} written, ` +
      `${again.pages * 2} unchanged kept from the previous build`,
  );
  const fresh = path.join(dir, 'build-fresh');
  await buildSite({
    packageRoot: repoRoot,
    config: path.join(dir, 'site.config.ts'),
    out: fresh,
    noCache: true,
  });
  for (const rel of ['it/v1/guides/faq/index.html', 'it/index.html', 'it/blog/index.html', 'it/404.html'])
    assert.is(read(rel), readFileSync(path.join(fresh, rel), 'utf8'), rel);

  // A changed title changes the page, its neighbours' prev/next and every sidebar of the section.
  const file = path.join(dir, 'content/docs/guides/faq.md');
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, original.replace('title: FAQ', 'title: Domande frequenti'));
  const changed = await build();
  assert.ok(
    changed.pageFiles.reused < changed.pages * 2 && changed.pageFiles.reused > 0,
    `${changed.pageFiles.reused} of ${changed.pages * 2} reused`,
  );
  assert.match(read('it/v1/guides/faq/index.html'), '<title>Domande frequenti | Sito di prova</title>');
  assert.match(read('it/v1/guides/intro/primo/index.html'), '>Domande frequenti</a>');
  writeFileSync(file, original);
  await build();

  // A file edited by hand in the output is not trusted (a document or its page data).
  const data = read('it/v1/guides/faq/page-data.json');
  writeFileSync(path.join(out, 'it/blog/index.html'), 'modificato a mano');
  writeFileSync(path.join(out, 'it/v1/guides/faq/page-data.json'), '{}');
  const afterEdit = await build();
  assert.is(afterEdit.pageFiles.reused, afterEdit.pages * 2 - 2);
  assert.match(read('it/blog/index.html'), '<!doctype html>');
  assert.is(read('it/v1/guides/faq/page-data.json'), data);

  // Another output folder starts from scratch.
  const other = await buildSite({
    packageRoot: repoRoot,
    config: path.join(dir, 'site.config.ts'),
    out: path.join(dir, 'build-other'),
  });
  assert.is(other.pageFiles.reused, 0);
  removeDir(fresh);
  removeDir(path.join(dir, 'build-other'));
});

test('code blocks highlighted by one build are reused by the next, even when their page changes', async () => {
  const file = path.join(dir, 'content/docs/guides/codice.md');
  const page = (intro: string) =>
    `---\ntitle: Codice\n---\n\n${intro}\n\n\`\`\`rust\nfn main() {\n    println!("ciao");\n` +
    `}\n\`\`\`\n\n\`\`\`ts\nconst x: number = 1;\n\`\`\`\n`;
  writeFileSync(file, page('Prima versione.'));
  const first = await build();
  assert.is(first.cache.highlight?.hits ?? 0, 0);
  const html = read('it/v1/guides/codice/index.html');
  writeFileSync(file, page('Seconda versione.'));
  const second = await build();
  assert.ok(second.cache.compile!.misses >= 1);
  assert.is(second.cache.highlight?.hits, 2, 'both blocks come from the cache');
  assert.match(formatSummary(second, dir, true), ', 2 code blocks already highlighted');
  const updated = read('it/v1/guides/codice/index.html');
  assert.match(updated, 'Seconda versione.');
  const codeOf = (h: string) => h.slice(h.indexOf('<div class="code-block'), h.lastIndexOf('</pre>'));
  assert.is(codeOf(updated), codeOf(html), 'the stored blocks are the highlighted ones');
  assert.match(codeOf(updated), '--shiki-');
  removeDir(file);
});

test('a failed build reports every error with file:line:column and leaves the previous build untouched', async () => {
  const marker = read('it/v1/guides/faq/index.html');
  writeFileSync(
    path.join(dir, 'content/docs/guides/rotto.md'),
    '---\ntitle: Rotto\n---\n\n[uno](./non-esiste.md)\n\n[due](/it/v1/nessuna)\n\n' +
      '[tre](./faq.md#manca)\n\n![img](/it/img/manca.png)\n',
  );
  try {
    await build();
    assert.unreachable('should fail');
  } catch (error) {
    assert.instance(error, DocsItErrors);
    const lines = (error as DocsItErrors).errors.map(
      (e) => `${e.location?.file}:${e.location?.line}:${e.location?.column} ${e.message}`,
    );
    assert.ok(
      lines.some((l) =>
        l.startsWith('content/docs/guides/rotto.md:5:1 broken link: no page at content/docs/guides/non-esiste.md'),
      ),
      lines.join('\n'),
    );
    assert.is(lines.length, 1, 'markdown problems stop before link checks');
  }
  writeFileSync(
    path.join(dir, 'content/docs/guides/rotto.md'),
    '---\ntitle: Rotto\n---\n\n[due](/it/v1/nessuna)\n\n[tre](./faq.md#manca)\n\n![img](/it/img/manca.png)\n',
  );
  try {
    await build();
    assert.unreachable('should fail');
  } catch (error) {
    const lines = (error as DocsItErrors).errors.map(
      (e) => `${e.location?.file}:${e.location?.line}:${e.location?.column} ${e.message}`,
    );
    assert.equal(lines, [
      'content/docs/guides/rotto.md:5:1 broken link: /it/v1/nessuna is not a page of this site',
      'content/docs/guides/rotto.md:7:1 broken anchor: #manca does not exist on /it/v1/guides/faq',
      'content/docs/guides/rotto.md:9:1 missing image /it/img/manca.png',
    ]);
  }
  assert.is(read('it/v1/guides/faq/index.html'), marker);
  assert.not.ok(existsSync(path.join(out, 'it/v1/guides/rotto')));
  assert.equal(outputLeftovers(out), [], 'no temporary folder is left behind');
  removeDir(path.join(dir, 'content/docs/guides/rotto.md'));
});

test('::doc-card-list outside a category index raises the category error', async () => {
  writeFileSync(
    path.join(dir, 'content/docs/guides/intro/secondo.md'),
    '---\ntitle: Secondo\n---\n\nTesto.\n\n::doc-card-list\n',
  );
  try {
    await build();
    assert.unreachable();
  } catch (error) {
    const e = (error as DocsItErrors).errors[0]!;
    assert.is(e.location?.file, 'content/docs/guides/intro/secondo.md');
    assert.is(e.location?.line, 7);
    assert.match(e.message, 'index page of a sidebar category');
  }
});

test('a full disk is an error naming the file and what to do, not a bare ENOSPC', () => {
  let enospc: unknown;
  try {
    // /dev/full answers every write with ENOSPC: a real error object, as a full disk gives it.
    writeFileSync('/dev/full', 'x');
  } catch (error) {
    enospc = error;
  }
  assert.is((enospc as NodeJS.ErrnoException).code, 'ENOSPC');
  const failure = writeFailure(enospc, 'build/it/v1/guides/index.html');
  assert.instance(failure, DocsItError);
  assert.is(failure.message, 'cannot write build/it/v1/guides/index.html: no space left on the device');
  assert.match((failure as DocsItError).hint ?? '', 'Free some disk space');
  const other = new Error('something else');
  assert.is(writeFailure(other, 'x'), other, 'other errors pass through');
});

test('a .md page with imports or JSX components is compiled as MDX, as Docusaurus does', async () => {
  const other = copyFixture('basic', {
    'content/docs/guides/schede.md': [
      '---',
      'title: Schede',
      '---',
      '',
      "import Nota from './_nota.md'",
      '',
      '<Tabs groupId="pm">',
      '<TabItem value="npm" label="npm">',
      '',
      'Con npm.',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      '<Nota />',
      '',
      'Il tag `<Tabs>` nel codice non conta.',
      '',
    ].join('\n'),
    'content/docs/guides/_nota.md': 'Una nota importata.\n',
  });
  try {
    const otherOut = path.join(other, 'build');
    await buildSite({ packageRoot: repoRoot, config: path.join(other, 'site.config.ts'), out: otherOut });
    const html = readFileSync(path.join(otherOut, 'it/v1/guides/schede/index.html'), 'utf8');
    assert.match(html, 'role="tablist"');
    assert.match(html, 'Con npm.');
    assert.match(html, 'Una nota importata.');
    assert.not.match(html, 'import Nota');
    assert.equal(
      [usesMdx('Testo con `<Tabs>` nel codice.\n'), usesMdx('```js\nimport x from "y"\n```\n'), usesMdx('<Tabs>\n')],
      [false, false, true],
    );
  } finally {
    removeDir(other);
  }
});

test.run();
