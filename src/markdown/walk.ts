import type { Node, Parent } from 'unist';

/**
 * Calls `visitor` for every node of type `type` (or of one of the types) below `tree`, in document order, with
 * its index and parent. The visitor may change the node's children (they are walked afterwards) or replace the
 * node in its parent (the replacement is not walked). This replaces `unist-util-visit` in the plugins that run
 * on every page: a plain loop costs a small fraction of its generic walk, and a page is walked a dozen times
 * (docs/measurements.md).
 */
export function eachNode<T extends Node>(
  tree: Node,
  type: string | readonly string[],
  visitor: (node: T, index: number, parent: Parent) => void,
): void {
  const children = (tree as Partial<Parent>).children;
  if (!children) return;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (typeof type === 'string' ? child.type === type : type.includes(child.type))
      visitor(child as T, i, tree as Parent);
    if (children[i] === child) eachNode(child, type, visitor);
  }
}

/** Whether any node below `tree` has type `type`. */
export function hasNode(tree: Node, type: string): boolean {
  const children = (tree as Partial<Parent>).children;
  if (!children) return false;
  for (const child of children) if (child.type === type || hasNode(child, type)) return true;
  return false;
}
