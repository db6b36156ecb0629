import type { TocItem } from './types';

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

function List({ nodes }: { nodes: Node[] }) {
  return (
    <ul className="toc-list">
      {nodes.map((node) => (
        <li key={node.item.id}>
          <a className="toc-link" href={`#${node.item.id}`}>
            {node.item.value}
          </a>
          {node.children.length ? <List nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The table of contents of a page (h2–h3 by default), nested by level. */
export function Toc({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  return (
    <nav className="toc" aria-label="In questa pagina">
      <p className="toc-title">In questa pagina</p>
      <List nodes={nest(items)} />
    </nav>
  );
}

/** The same TOC collapsed above the content, for narrow screens. */
export function TocMobile({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  return (
    <details className="toc-mobile">
      <summary>In questa pagina</summary>
      <List nodes={nest(items)} />
    </details>
  );
}
