/*
 * The links the site makes outside its pages' content (navbar, footer, sidebars, hero buttons, the not-found
 * page) are checked like the links in pages, and reported where they are written.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { loadConfig } from '../src/config/load-config';
import { DocsItErrors } from '../src/errors';
import { checkLinks } from '../src/site/links/check-links';
import { declaredLinks } from '../src/site/links/declared-links';
import { startRun } from '../src/site/run';
import { createSite, readContent } from '../src/site/site';
import { copyFixture, fixture, removeDir, repoRoot } from './helpers';

/** `file:line message` of every error of building the basic fixture with some files replaced or edited. */
async function errorsOf(files: Record<string, string>, edit?: (config: string) => string): Promise<string[]> {
  const dir = copyFixture('basic', files);
  if (edit) {
    const { readFileSync, writeFileSync } = await import('node:fs');
    const file = path.join(dir, 'site.config.ts');
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
  }
  try {
    await buildSite({
      packageRoot: repoRoot,
      config: path.join(dir, 'site.config.ts'),
      out: path.join(dir, 'build'),
    });
    return [];
  } catch (error) {
    if (!(error instanceof DocsItErrors)) throw error;
    return error.errors.map((e) => `${e.location?.file}:${e.location?.line ?? '?'} ${e.message}`);
  } finally {
    removeDir(dir);
  }
}

test('navbar and footer links to pages that do not exist fail the build at their line in the config', async () => {
  const errors = await errorsOf({}, (config) =>
    config
      .replace(
        "{ type: 'link', label: 'Blog', to: '/it/blog', position: 'left' }",
        "{ type: 'link', label: 'Blog', to: '/it/blogg', position: 'left' }",
      )
      .replace("items: [{ label: 'Blog', to: '/it/blog' }]", "items: [{ label: 'Blog', to: '/it/notizie#ultime' }]"),
  );
  assert.equal(errors, [
    'site.config.ts:40 navbar: broken link: /it/blogg is not a page of this site',
    'site.config.ts:45 footer "Rete": broken link: /it/notizie is not a page of this site',
  ]);
});

test('a build failing on a link has written all when it returns: the bundle made meanwhile is kept', async () => {
  const dir = copyFixture('basic', {
    'content/pages/404.md': '---\ntitle: Persa\n---\n\nTorna alla [home](/it/casa).\n',
  });
  const file = path.join(dir, 'site.config.ts');
  try {
    const failed = await buildSite({
      packageRoot: repoRoot,
      config: file,
      out: path.join(dir, 'build'),
      mode: 'development',
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.instance(failed, DocsItErrors);
    // esbuild bundles in its own process while the pages are compiled and their links checked (in development
    // mode: a production build takes the CLI bundle's when there is one): a build that returned without waiting
    // for it would keep the bundle later, into a folder its caller may have removed.
    assert.ok(
      existsSync(path.join(dir, 'node_modules/.cache/docs-it/bundle.json')),
      readdirSync(path.join(dir, 'node_modules/.cache/docs-it')).join(),
    );
  } finally {
    removeDir(dir);
  }
});

test("the breadcrumbs' home link is checked like the other links of the site, at the config's mainDocId", async () => {
  const config = path.join(fixture('basic'), 'site.config.ts');
  const run = await startRun({ packageRoot: repoRoot, config }, 'build');
  const resolved = await loadConfig({ packageRoot: repoRoot, config }, run.cache.modules);
  const content = await readContent(resolved, run.cache.modules);
  const { model } = createSite(resolved, content, run.stages);
  const declared = declaredLinks(resolved.site, model, { file: content.configFile, source: content.configSource });
  const home = declared.find((link) => link.holder === 'breadcrumbs');
  assert.is(home?.href, model.docsHomeRoute);
  const mainDocLine = content.configSource.split('\n').findIndex((l) => l.includes('mainDocId')) + 1;
  assert.is(home?.where.line, mainDocLine);
  // Were the docs' home page not a route, every breadcrumb trail would start with a broken link: an error.
  const input = { files: new Set<string>(), idsOfRoute: new Map(), pageLinks: new Map(), declared: [home!] };
  assert.throws(
    () => checkLinks({ ...input, routes: new Set(['/it/v1/altro']) }, '/it/'),
    (e: DocsItErrors) => e.errors[0]!.message === `breadcrumbs: broken link: ${home!.href} is not a page of this site`,
  );
  checkLinks({ ...input, routes: new Set([home!.href]) }, '/it/');
});

test('a navbar item for a sidebar that does not exist names the sidebars there are', async () => {
  const errors = await errorsOf({}, (config) => config.replace("sidebarId: 'guides'", "sidebarId: 'guide'"));
  assert.is(errors.length, 1);
  assert.match(errors[0]!, 'site.config.ts:39 navbar.items[0]: no sidebar "guide"');
});

test('a link item of a config sidebar is checked; an anchor that does not exist too', async () => {
  const errors = await errorsOf({}, (config) =>
    config.replace(
      "items: [{ type: 'autogenerated', dirName: 'guides' }],",
      "items: [{ type: 'autogenerated', dirName: 'guides' }, { type: 'link', href: " +
        "'/it/v1/guides/faq#manca', label: 'FAQ' }],",
    ),
  );
  assert.equal(errors, [
    'site.config.ts:29 sidebar "guides": broken anchor: #manca does not exist on /it/v1/guides/faq',
  ]);
});

test('hero buttons and the not-found page are checked like any page', async () => {
  const errors = await errorsOf({
    'content/pages/index.md':
      '---\ntitle: Benvenuto\nhero:\n  title: Prova\n  tagline: Per i test\n  actions:\n    - ' +
      'label: Inizia\n      href: /it/v1/guida\n---\n\nTesto.\n',
    'content/pages/404.md': '---\ntitle: Persa\n---\n\nTorna alla [home](/it/casa).\n',
  });
  assert.equal(errors, [
    'content/pages/404.md:5 broken link: /it/casa is not a page of this site',
    'content/pages/index.md:3 hero: broken link: /it/v1/guida is not a page of this site',
  ]);
});

test.run();
