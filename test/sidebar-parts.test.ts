import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sidebarFileEntries, sidebarParts } from '../src/render/sidebar-parts';
import { countEntries, keepShownItems, type ShownSidebarItem, type SidebarItem } from '../src/shared/sidebar';

const link = (href: string): SidebarItem => ({ type: 'link', label: href, href });
const category = (label: string, items: SidebarItem[], collapsed = true): SidebarItem => ({
  type: 'category',
  label,
  collapsed,
  items,
});

/** `sections` categories of `pages` links each, inside one open category, as the synthetic sites' sidebar. */
function guide(sections: number, pages: number): SidebarItem[] {
  const inside = Array.from({ length: sections }, (_, s) =>
    category(
      `Sezione ${s}`,
      Array.from({ length: pages }, (_, p) => link(`/g/${s}/${p}`)),
    ),
  );
  return [link('/g'), category('Guida', inside, false)];
}

test('a small sidebar is one file, as before parts', () => {
  const items = guide(3, 10);
  assert.equal(sidebarParts(items), [items]);
});

test("a large sidebar's files each hold at most the budget besides their own rows, and together the sidebar", () => {
  for (const [sections, pages] of [
    [40, 6],
    [1800, 50],
    [3, 500],
  ] as const) {
    const items = guide(sections, pages);
    const parts = sidebarParts(items);
    assert.ok(parts.length > 1, `${sections}×${pages}: split`);
    for (const part of parts) {
      const entries = countEntries(part);
      assert.ok(entries - part.length <= sidebarFileEntries, `${sections}×${pages}: a file of ${entries} entries`);
    }
    assert.equal(joinParts(parts), items);
    // Every part is used once: a category's file is never another's.
    const refs = (list: SidebarItem[]): number[] =>
      list.flatMap((item) =>
        item.type === 'category' ? [...(item.part ? [item.part] : []), ...refs(item.items)] : [],
      );
    const used = parts.flatMap(refs);
    assert.equal(
      [...used].sort((a, b) => a - b),
      Array.from({ length: parts.length - 1 }, (_, i) => i + 1),
    );
  }
});

/** The whole sidebar again from its parts, as a reader who opened every category sees it. */
function joinParts(parts: SidebarItem[][], index = 0): SidebarItem[] {
  const walk = (list: SidebarItem[]): SidebarItem[] =>
    list.map((item) => {
      if (item.type === 'link') return item;
      const { part, ...rest } = item;
      return { ...rest, items: part === undefined ? walk(item.items) : joinParts(parts, part) };
    });
  return walk(parts[index]!);
}

test('a category waiting for its part keeps the items the page was served with; the others come from the file', () => {
  const full: SidebarItem[] = [
    link('/a'),
    { type: 'category', label: 'B', collapsed: true, items: [], part: 3 },
    category('C', [link('/c/1')]),
  ];
  const shownB: ShownSidebarItem[] = [link('/b/1'), { type: 'gap', items: 4, rows: 4 }];
  const shown: ShownSidebarItem[] = [
    link('/a'),
    { type: 'category', label: 'B', collapsed: true, items: shownB },
    { type: 'category', label: 'C', collapsed: true, items: [] },
  ];
  const kept = keepShownItems(full, shown);
  assert.equal(kept[1], { type: 'category', label: 'B', collapsed: true, items: shownB, part: 3 });
  assert.equal(kept[2], full[2]);
  // Positions count the items a gap stands for.
  const afterGap = keepShownItems(
    [link('/x'), link('/y'), { type: 'category', label: 'Z', collapsed: true, items: [], part: 1 }],
    [
      { type: 'gap', items: 2, rows: 2 },
      { type: 'category', label: 'Z', collapsed: true, items: [link('/z')] },
    ],
  );
  assert.equal(afterGap[2], { type: 'category', label: 'Z', collapsed: true, items: [link('/z')], part: 1 });
});

test.run();
