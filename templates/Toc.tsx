import { useEffect, useState } from 'react';
import type { TocItem } from '../src/shared/toc';
import { useText } from './text';

interface Node {
  item: TocItem;
  children: Node[];
}

function nest(items: TocItem[]): Node[] {
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const item of items) {
    const node: Node = { item, children: [] };
    while (stack.length && stack[stack.length - 1]!.item.level >= item.level) stack.pop();
    const parent = stack[stack.length - 1];
    (parent ? parent.children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

function List({ nodes, active }: { nodes: Node[]; active?: string }) {
  return (
    <ul className="toc-list">
      {nodes.map((node) => (
        <li key={node.item.id}>
          <a
            className={`toc-link${node.item.id === active ? ' active' : ''}`}
            href={`#${node.item.id}`}
            aria-current={node.item.id === active ? 'location' : undefined}
          >
            {node.item.value}
          </a>
          {node.children.length ? <List nodes={node.children} active={active} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The id of the last heading above the top of the viewport (the section being read). */
function useActiveHeading(items: TocItem[]): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    if (items.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const offset = 100;
      let current: string | undefined;
      for (const item of items) {
        const el = document.getElementById(item.id);
        if (el && el.getBoundingClientRect().top <= offset) current = item.id;
      }
      setActive(current ?? items[0]?.id);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [items]);
  return active;
}

/** The table of contents of a page (h2–h3 by default), nested by level; the section in view is highlighted. */
export function Toc({ items }: { items: TocItem[] }) {
  const { t } = useText();
  const active = useActiveHeading(items);
  if (items.length === 0) return null;
  return (
    <nav className="toc" aria-label={t('theme.TOC.title')}>
      <p className="toc-title">{t('theme.TOC.title')}</p>
      <List nodes={nest(items)} active={active} />
    </nav>
  );
}

/** The same TOC collapsed above the content, for narrow screens. */
export function TocMobile({ items }: { items: TocItem[] }) {
  const { t } = useText();
  if (items.length === 0) return null;
  return (
    <details className="toc-mobile">
      <summary>{t('theme.TOCCollapsible.toggleButtonLabel')}</summary>
      <List nodes={nest(items)} />
    </details>
  );
}
