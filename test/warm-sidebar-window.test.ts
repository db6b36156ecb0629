/*
 * A large sidebar's pages each render a window of it (src/render/sidebar-window.ts): a warm build renders again only
 * the pages whose window shows an item that changed, not every page of the sidebar (the render key takes the
 * window, not the whole sidebar). The output is a build's that reuses nothing, byte for byte.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { digestOf, digestText } from '../src/cache/digest';
import { pageSidebar } from '../src/render/sidebar-window';
import type { ShownSidebarItem, SidebarItem } from '../src/shared/sidebar';
import { renderedSidebarKey } from '../src/site/sidebar-key';
import { assertSameFiles, copyFixture, quietly, removeDir, repoRoot } from './helpers';

// More links than a sidebar rendered whole holds (`smallSidebarLinks`), in one list longer than `longList`.
const count = 240;
const name = (i: number) => `pagina-${String(i).padStart(3, '0')}`;
const dir = copyFixture(
  'basic',
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `content/docs/guides/lunga/${name(i)}.md`,
      `---\ntitle: Pagina ${i}\nsidebar_position: ${i + 1}\n---\n\nTesto della pagina ${i}.\n`,
    ]),
  ),
);
const config = path.join(dir, 'site.config.ts');
const out = path.join(dir, 'build');

test.after(() => removeDir(dir));

const build = (outDir = out, noCache = false) =>
  quietly(() => buildSite({ packageRoot: repoRoot, config, out: outDir, noCache }));

test("a route's window is made once: its render key and its render (asked one after the other) read the same", () => {
  const links: SidebarItem[] = Array.from({ length: count }, (_, i) => ({
    type: 'link',
    label: `Pagina ${i}`,
    href: `/it/v1/${name(i)}`,
  }));
  const sidebar: SidebarItem[] = [{ type: 'category', label: 'Lunga', collapsed: false, items: links }];
  const forKey = pageSidebar(sidebar, '/it/v1/pagina-120');
  assert.is(pageSidebar(sidebar, '/it/v1/pagina-120'), forKey, 'the window made for the key');
  const other = pageSidebar(sidebar, '/it/v1/pagina-200');
  assert.is.not(other, forKey);
  assert.equal(pageSidebar(sidebar, '/it/v1/pagina-120'), forKey, 'made again, the same window');
});

/** `renderedSidebarKey` as first written: every item of the window digested as it is, an open category's fields too. */
function referenceKey(items: SidebarItem[], path: string): string {
  const { renderCollapsed, sidebar } = pageSidebar(items, path);
  return renderCollapsed || !sidebar ? `whole:${digestOf(items)}` : `window:${listKey(sidebar)}`;
}

function listKey(list: ShownSidebarItem[]): string {
  const keys = list.map((item) => {
    if (item.type === 'gap') return `g${item.items}/${item.rows}`;
    if (item.type === 'link' || item.items.length === 0) return digestOf(item);
    const { items: inside, ...category } = item;
    return `c${digestOf(category)}:${listKey(inside)}`;
  });
  return digestText(keys.join(','));
}

test("an open category's own fields are digested once a run for its pages' keys, not once a page", () => {
  const links = (from: number): SidebarItem[] =>
    Array.from({ length: count }, (_, i) => ({ type: 'link', label: `Pagina ${i}`, href: `/it/v1/${name(from + i)}` }));
  const sidebar: SidebarItem[] = [
    { type: 'category', label: 'Lunga', href: '/it/v1/lunga', collapsed: true, items: links(0) },
    { type: 'category', label: 'Altra', collapsed: true, items: links(count) },
  ];
  const asked: unknown[] = [];
  const counting = (value: unknown) => {
    asked.push(value);
    return digestOf(value);
  };
  const keys = [10, 120, 200, 300].map((i) => renderedSidebarKey(sidebar, `/it/v1/${name(i)}`, counting));
  // The keys of every item's fields digested on every page.
  assert.equal(
    keys,
    [10, 120, 200, 300].map((i) => referenceKey(sidebar, `/it/v1/${name(i)}`)),
  );
  assert.is(new Set(keys).size, 4);
  const fieldsOf = (label: string) =>
    asked.filter((v) => (v as { label?: string }).label === label && !('items' in (v as object)));
  assert.is(fieldsOf('Lunga').length, 1, "the open category's fields, digested once for three pages");
  assert.is(fieldsOf('Altra').length, 1);
});

test('a title in the middle of a long list: only the pages whose window shows it are rendered again', async () => {
  await build();
  await build();
  const file = path.join(dir, `content/docs/guides/lunga/${name(120)}.md`);
  writeFileSync(file, readFileSync(file, 'utf8').replace('title: Pagina 120', 'title: Pagina centoventi'));
  const summary = await build();
  // The page itself, its neighbours within `keptAround` on each side: their HTML and page data (and the sidebars'
  // files, which have no key).
  assert.ok(summary.pageFiles.written > 2, `more than the edited page: ${summary.pageFiles.written}`);
  assert.ok(summary.pageFiles.written < 60, `not every page of the list: ${summary.pageFiles.written} files`);
  const near = readFileSync(path.join(out, `it/v1/guides/lunga/${name(125)}/index.html`), 'utf8');
  assert.match(near, 'Pagina centoventi', 'a page near it shows the new title');
  const cold = path.join(dir, 'cold');
  await build(cold, true);
  assertSameFiles(out, cold);
});

test.run();
