/*
 * Pages rendered while the markdown stage compiles the others (src/site/files/render-ahead.ts): each compiled page's
 * route rendered when the thread has nothing else to do, to the render stage's bytes, handed over once; the build's
 * route problems reported from its props stage only; output folders with a previous build to keep files from.
 */
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { loadConfig } from '../src/config/load-config';
import { transferOf } from '../src/disk/handed-over';
import { hasReusableOutput } from '../src/output/output-reuse';
import { loadStemmer } from '../src/search/stemmer';
import type { ClientBundle } from '../src/site/bundle/bundle-client';
import { renderAhead } from '../src/site/files/render-ahead';
import { fragmentsOf, routeHtmlRenderer, searchPartMaker, stemsAheadOf } from '../src/site/files/site-files';
import { startRun } from '../src/site/run';
import { createSite, readContent } from '../src/site/site';
import { copyFixture, quietly, removeDir, repoRoot } from './helpers';

const dir = copyFixture('basic', {
  // A doc whose props have a problem (no such sidebar): the props stage fails the build on it.
  'content/docs/guides/altrove.md': '---\ntitle: Altrove\ndisplayed_sidebar: nessuna\n---\n\nTesto.\n',
});
const config = path.join(dir, 'site.config.ts');
test.after(() => removeDir(dir));

/** The document's assets as a bundle gives them (the pages only link to them). */
const bundle: ClientBundle = { css: ['/assets/main.css'], js: ['/assets/main.js'], files: [], onDemand: new Set() };

/** The site as a build makes it (pages kept, stand-ins for keys), with its run. */
async function buildsSite() {
  const options = { packageRoot: repoRoot, config, noCache: true };
  const run = await startRun(options, 'build');
  const resolved = await loadConfig(options, run.cache.modules);
  const content = await readContent(resolved, run.cache.modules);
  const site = createSite(resolved, content, run.stages, { keepPages: true, standIns: true });
  return { run, site };
}

/** Turns of the event loop until `done` (at most 200). */
async function turnsUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
}

test("a compiled page's route is rendered ahead to the render stage's bytes, and handed over once", async () => {
  const { run, site } = await buildsSite();
  try {
    const doc = site.model.routes.find((r) => r.kind === 'doc' && r.file)!;
    const list = site.model.routes.find((r) => r.kind === 'blog-list')!;
    const ahead = renderAhead(site, Promise.resolve(bundle));
    await site.page(doc.file!);
    assert.is(ahead.take(list.path), undefined, 'nothing rendered before a page is compiled');
    ahead.compiled(doc.file!);
    await turnsUntil(() => ahead.rendered > 0);
    assert.is(ahead.rendered, 1);
    const document = await ahead.take(doc.path);
    const expected = Buffer.from(await routeHtmlRenderer(site, bundle)(doc.path));
    assert.ok(document && Buffer.from(document).equals(expected), 'the same bytes as the render stage');
    assert.ok(transferOf(document) instanceof ArrayBuffer, 'handed over: written, its buffer goes without a copy');
    assert.is(ahead.take(doc.path), undefined, 'handed over once');
    // A list of posts reads other pages than its own: never rendered ahead.
    for (const post of site.model.posts) await site.page(post.source.file);
    const posts = site.model.routes.filter((r) => r.kind === 'blog-post').length;
    for (const post of site.model.posts) ahead.compiled(post.source.file);
    await turnsUntil(() => ahead.rendered === 1 + posts);
    assert.is(ahead.rendered, 1 + posts, 'each post rendered');
    assert.is(ahead.take(list.path), undefined, 'the list is left to the render stage');
    ahead.stop();
  } finally {
    run.end();
  }
});

test('a route rendered ahead has its search part made after it, kept past `stop`, handed over once', async () => {
  const { run, site } = await buildsSite();
  try {
    const [doc, other] = site.model.routes.filter((r) => r.kind === 'doc' && r.file);
    const asked: string[] = [];
    const maker = searchPartMaker(site);
    const ahead = renderAhead(site, Promise.resolve(bundle), (route) => {
      asked.push(route);
      return maker(route);
    });
    await site.page(doc!.file!);
    await site.page(other!.file!);
    ahead.compiled(doc!.file!);
    await turnsUntil(() => asked.length > 0);
    assert.equal(asked, [doc!.path], 'made once its route is rendered, not before');
    assert.is(ahead.takePart(other!.path), undefined, 'a route not rendered ahead has none');
    // The render stage ends before the search stage: what it stops is its documents, not the parts.
    ahead.stop();
    const part = await ahead.takePart(doc!.path);
    assert.ok(part, 'kept for the search stage');
    assert.is(part.url, doc!.path);
    assert.is(part.key, '', 'the search stage gives it its key');
    assert.equal(part, await searchPartMaker(site)(doc!.path), "the part the route's page and props make");
    assert.is(ahead.takePart(doc!.path), undefined, 'handed over once');
  } finally {
    run.end();
  }
});

test("a part made ahead has its words stemmed ahead by the index's stemmer", async () => {
  const { run, site } = await buildsSite();
  try {
    const doc = site.model.routes.find((r) => r.kind === 'doc' && r.file)!;
    // The stemmer's module loaded first: a few turns of the event loop then stem the part's words.
    const stem = await loadStemmer('italian');
    const stems = stemsAheadOf(site);
    assert.ok(stems, 'an Italian site stems its words');
    await site.page(doc.file!);
    const part = await searchPartMaker(site, stems)(doc.path);
    assert.ok(part);
    const words = new Set([
      ...part.page.flatMap(([, terms]) => terms),
      ...part.sections.flatMap(([, fields]) => fields.flatMap(([, terms]) => terms)),
    ]);
    assert.ok(words.size > 3, `${words.size} words`);
    // The stemmer's module is imported again by what stems ahead: under load that alone may take many turns.
    const stemmed = () => [...words].every((word) => stems.known.has(word));
    for (let i = 0; i < 20 && !stemmed(); i++) await turnsUntil(stemmed);
    for (const word of words) assert.is(stems.known.get(word), stem(word), word);
    stems.stop();
  } finally {
    run.end();
  }
});

test('the pages rendered ahead and the render stage render each repeated subtree once, with one cache', async () => {
  const { run, site } = await buildsSite();
  try {
    const [first, second] = site.model.routes.filter((r) => r.kind === 'doc' && r.file);
    const ahead = renderAhead(site, Promise.resolve(bundle));
    await site.page(first!.file!);
    await site.page(second!.file!);
    ahead.compiled(first!.file!);
    await turnsUntil(() => ahead.rendered > 0);
    assert.ok(await ahead.take(first!.path));
    const fragments = fragmentsOf(site);
    const made = fragments.size;
    assert.ok(made > 0, 'the page ahead rendered its footer and navbar items with the cache of the site');
    // The render stage renders the next page of the same sidebar and frame with what was rendered ahead.
    await routeHtmlRenderer(site, bundle)(second!.path);
    assert.is(fragmentsOf(site), fragments);
    assert.is(fragments.size, made, 'nothing rendered a second time');
    ahead.stop();
  } finally {
    run.end();
  }
});

test('a route taken before its turn, or compiled after `stop`, is not rendered ahead', async () => {
  const { run, site } = await buildsSite();
  try {
    const [first, second, third] = site.model.routes.filter((r) => r.kind === 'doc' && r.file);
    const ahead = renderAhead(site, Promise.resolve(bundle));
    for (const route of [first, second, third]) await site.page(route!.file!);
    // The render stage asked for it first: it renders it itself.
    assert.is(ahead.take(first!.path), undefined);
    ahead.compiled(first!.file!);
    ahead.compiled(second!.file!);
    await turnsUntil(() => ahead.rendered > 0);
    await turnsUntil(() => false);
    assert.is(ahead.rendered, 1, 'the second only');
    assert.ok(await ahead.take(second!.path));
    ahead.stop();
    ahead.compiled(third!.file!);
    await turnsUntil(() => false);
    assert.is(ahead.rendered, 1, 'nothing after stop');
    assert.is(ahead.take(third!.path), undefined);
  } finally {
    run.end();
  }
});

test("a build's route problems are its props stage's: a page rendered ahead of it reports none", async () => {
  const { run, site } = await buildsSite();
  try {
    const route = site.model.routes.find((r) => r.file?.endsWith('altrove.md'))!;
    await site.page(route.file!);
    const problem = () => site.diagnostics().some((d) => /displayed_sidebar/.test(d.error.message));
    // Rendering takes the route's props with the page's HTML (`routePage`).
    const { problems } = await site.routePage(route.path);
    assert.is(problems.length, 1);
    assert.not.ok(problem(), 'not reported by the props a page is rendered from');
    await site.routeKeyPage(route.path);
    assert.ok(problem(), 'reported by the props stage');
  } finally {
    run.end();
  }
});

test('an output folder has a previous build to keep files from once a build was written there', async () => {
  const ok = copyFixture('basic');
  try {
    const out = path.join(ok, 'build');
    const manifests = path.join(ok, 'node_modules/.cache/docs-it/outputs');
    assert.not.ok(hasReusableOutput(out, { manifests, enabled: true }), 'before the first build');
    await quietly(() => buildSite({ packageRoot: repoRoot, config: path.join(ok, 'site.config.ts'), out }));
    assert.ok(hasReusableOutput(out, { manifests, enabled: true }), 'after it');
    assert.not.ok(hasReusableOutput(out, { manifests, enabled: false }), 'not under --no-cache');
    assert.not.ok(hasReusableOutput(path.join(ok, 'other'), { manifests, enabled: true }), 'another folder');
  } finally {
    removeDir(ok);
  }
});

test.run();
