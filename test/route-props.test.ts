import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load-config';
import { buildContentModel, type ContentModel } from '../src/content/build-content-model';
import type { RouteKind } from '../src/content/content-types';
import { parseFrontMatter } from '../src/content/front-matter';
import type { CompiledPage } from '../src/markdown/compiled-page';
import { type RoutePropsContext, routePageOf } from '../src/render/route-props';
import { interfaceTextOf } from '../src/shared/i18n/catalogues';
import { discovered, fixture, repoRoot } from './helpers';

// Each kind of route has its own builder: every route of a site gets the props of its kind, at its path.
const config = await loadConfig({ packageRoot: repoRoot, config: path.join(fixture('basic'), 'site.config.ts') });
const page = (front: string) => `---\n${front}---\n\nTesto.\n`;
const model = buildContentModel({
  site: config.site,
  discovered: discovered({
    'content/docs/index.md': page('title: Documentazione\n'),
    'content/docs/guides/readme.md': page('title: Guide\n'),
    'content/docs/guides/start/_category_.json': '{ "label": "Per iniziare", "link": { "type": "generated-index" } }',
    'content/docs/guides/start/a.md': page('title: A\n'),
    'content/blog/2023-01-01-uno.md': page('title: Uno\n'),
    'content/blog/2023-01-02-due.md': page('title: Due\nkeywords: [due]\n'),
    'content/pages/index.md': page('title: Casa\n'),
    'content/pages/chi-siamo.md': page('title: Chi siamo\n'),
    'content/pages/versioni.md': page('title: Versioni\nlayout: releases\n'),
    'content/pages/404.md': page('title: Non trovata\n'),
  }),
  releases: {
    packages: ['pacchetto'],
    releases: [{ package: 'pacchetto', version: '1.0.0', date: '2024-01-01', highlights: ['**Prima**'] }],
  },
  configFile: 'site.config.ts',
  configSource: '',
  parseSource: parseFrontMatter,
});

const compiled: CompiledPage = {
  html: '<p>Testo.</p>',
  toc: [],
  ids: [],
  links: [],
  problems: [],
  search: [],
  words: 1,
};
const contextOf = (m: ContentModel): RoutePropsContext => ({
  site: config.site,
  model: m,
  text: interfaceTextOf('it'),
  page: async () => compiled,
  assetUrl: async (target) => ({ url: `/it/assets/${target}` }),
});

/** The template each kind of route is rendered with. */
const propsKind: Record<Exclude<RouteKind, 'translation-status'>, string> = {
  doc: 'doc',
  'category-index': 'doc',
  'docs-home': 'docs-home',
  'blog-list': 'blog-list',
  'blog-archive': 'blog-archive',
  'blog-post': 'blog-post',
  home: 'home',
  page: 'page',
  releases: 'releases',
  'not-found': 'not-found',
};

test('every route gets the props of its kind, at its path, with no problem', async () => {
  const kinds = new Set<string>();
  for (const route of model.routes) {
    assert.ok(route.kind !== 'translation-status', 'no translation data here');
    const { page: built, problems } = await routePageOf(route, contextOf(model));
    assert.equal(problems, [], route.path);
    assert.is(built.props.kind, propsKind[route.kind as keyof typeof propsKind], route.path);
    assert.is(built.props.path, route.path);
    kinds.add(route.kind);
  }
  assert.equal([...kinds].sort(), Object.keys(propsKind).sort());
});

test('each kind reads its own fields: sections, releases, neighbours, keywords, cards', async () => {
  const ctx = contextOf(model);
  const at = async (path: string) => {
    const route = model.routes.find((r) => r.path === path);
    assert.ok(route, path);
    return (await routePageOf(route, ctx)).page;
  };
  const home = (await at('/it/v1')).props;
  assert.ok(home.kind === 'docs-home');
  assert.equal(
    home.sections.map((s) => s.sidebarId),
    ['guides'],
  );
  const releases = (await at('/it/versioni')).props;
  assert.ok(releases.kind === 'releases');
  assert.equal(releases.packages[0]?.releases[0]?.highlightsHtml, ['<strong>Prima</strong>']);
  const newest = await at('/it/blog/2023/01/02/due');
  assert.ok(newest.props.kind === 'blog-post');
  assert.equal([newest.props.newer, newest.props.older?.title], [undefined, 'Uno']);
  assert.equal(newest.keywords, ['due']);
  const oldest = await at('/it/blog/2023/01/01/uno');
  assert.ok(oldest.props.kind === 'blog-post' && !('older' in oldest.props) && !('keywords' in oldest));
  const index = (await at('/it/v1/category/per-iniziare')).props;
  assert.ok(index.kind === 'doc');
  assert.match(index.contentHtml, 'class="card');
});

test('a route the model has no source for is an internal error naming it, not a crash on undefined', async () => {
  const route = { path: '/it/v1/nessuna', kind: 'doc' } as const;
  try {
    await routePageOf(route, contextOf(model));
    assert.unreachable();
  } catch (error) {
    assert.is((error as Error).message, 'internal error: no doc for the route /it/v1/nessuna');
  }
});

test.run();
