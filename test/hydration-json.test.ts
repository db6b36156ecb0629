/*
 * The page's hydration data as its inline script holds it (src/render/hydration-data.ts): the JSON `jsonForScript`
 * makes, byte for byte, with each sidebar item and list that pages share made once.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonForScript } from '../src/render/escape';
import { hydrationData, hydrationJson } from '../src/render/hydration-data';
import { shownSidebar } from '../src/render/sidebar-window';
import type { RouteProps } from '../src/shared/route-data';
import type { SidebarItem } from '../src/shared/sidebar';

/** 60 categories of 50 links, labels with what a script must not hold as it is. */
const sidebar: SidebarItem[] = Array.from({ length: 60 }, (_, c) => ({
  type: 'category',
  label: `Sezione ${c} </script> «\u2028»`,
  collapsed: c !== 3,
  href: c % 2 ? `/it/s${c}` : undefined,
  ...(c === 5 ? { className: 'speciale' } : {}),
  items: Array.from({ length: 50 }, (_, i) => ({
    type: 'link',
    label: `Pagina ${c}.${i} <b>`,
    href: `/it/s${c}/p${i}`,
  })),
}));

const pageAt = (path: string): RouteProps =>
  ({ kind: 'page', path, title: `Titolo <${path}>`, description: undefined, contentHtml: '<p>x</p>' }) as RouteProps;

test("a page's data is jsonForScript's JSON, with a large sidebar's window and a small sidebar whole", () => {
  for (const path of ['/it/s3/p10', '/it/s7/p49', '/it/s8', '/it/altro']) {
    const data = hydrationData(pageAt(path), shownSidebar(sidebar, path), false);
    assert.is(hydrationJson(data), jsonForScript(data), path);
    assert.not.match(hydrationJson(data), '</script>');
  }
  const whole = hydrationData(pageAt('/it/s1/p1'), sidebar.slice(0, 3), true);
  assert.is(hydrationJson(whole), jsonForScript(whole));
  const none = hydrationData(pageAt('/it/'), undefined, true);
  assert.is(hydrationJson(none), jsonForScript(none));
});

test("a sidebar item shared by pages is made into JSON once, whatever page's data holds it", () => {
  let reads = 0;
  const link = { type: 'link', href: '/it/uno' } as SidebarItem & { label: string };
  Object.defineProperty(link, 'label', {
    enumerable: true,
    get: () => {
      reads++;
      return 'Uno';
    },
  });
  const items: SidebarItem[] = [link, { type: 'link', label: 'Due', href: '/it/due' }];
  const first = hydrationJson(hydrationData(pageAt('/it/uno'), items, true));
  const second = hydrationJson(hydrationData(pageAt('/it/due'), [...items], true));
  assert.match(first, '"sidebar":[{"type":"link","href":"/it/uno","label":"Uno"},');
  assert.is(first.slice(first.indexOf('"sidebar"')), second.slice(second.indexOf('"sidebar"')));
  assert.is(reads, 1);
});

test.run();
