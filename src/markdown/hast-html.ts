import type { Element, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';

/*
 * The HTML of the trees the direct path makes (see direct-hast): the bytes hast-util-to-html writes with
 * `allowDangerousHtml` and its other options at their defaults, for the elements, texts and raw nodes of those
 * trees and the properties they carry. Any other node or property makes the whole tree go to hast-util-to-html.
 * test/direct-path.test.ts holds the two to the same bytes.
 */

/** The attribute of each property the direct path's elements carry (property-information's names). */
const attributeNames: Record<string, string> = {
  id: 'id',
  className: 'class',
  role: 'role',
  href: 'href',
  title: 'title',
  align: 'align',
  ariaLabel: 'aria-label',
  // remark-tabs' (see tabsMarkup).
  type: 'type',
  'aria-selected': 'aria-selected',
  'aria-controls': 'aria-controls',
  'aria-labelledby': 'aria-labelledby',
  tabIndex: 'tabindex',
  dataValue: 'data-value',
  dataGroupId: 'data-group-id',
  dataQueryString: 'data-query-string',
  hidden: 'hidden',
};
/** The boolean attributes among them: written without a value when true, left out when false. */
const booleanAttributes = new Set(['hidden']);

/** html-void-elements, which hast-util-to-html writes without an end tag. */
const voids = new Set(['br', 'hr', 'wbr', 'img', 'input']);

/** Not one of the trees this writer knows. */
class Unknown extends Error {}

/** stringify-entities' hexadecimal reference, as hast-util-to-html writes it. */
const reference = (character: string) => `&#x${character.charCodeAt(0).toString(16).toUpperCase()};`;
/** What hast-util-to-html escapes in text (not in `script` or `style`) and in a double-quoted attribute. */
const textSpecial = /[<&]/g;
const attributeSpecial = /[\0"&'`]/g;

/** The HTML of `tree`, the same bytes as `toHtml(tree, { allowDangerousHtml: true })`. */
export function hastHtml(tree: Root): string {
  try {
    return children(tree.children);
  } catch (error) {
    if (error instanceof Unknown) return toHtml(tree, { allowDangerousHtml: true });
    throw error;
  }
}

function children(nodes: readonly RootContent[]): string {
  let out = '';
  for (const node of nodes) out += one(node);
  return out;
}

function one(node: RootContent): string {
  if (node.type === 'text') return node.value.replace(textSpecial, reference);
  if (node.type === 'element') return element(node);
  if ((node as { type: string }).type === 'raw') return (node as unknown as { value: string }).value;
  throw new Unknown();
}

function element(node: Element): string {
  const tag = node.tagName;
  if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'svg') throw new Unknown();
  let out = `<${tag}`;
  for (const key in node.properties) {
    const value = node.properties[key];
    if (value === null || value === undefined) continue;
    const name = attributeNames[key];
    if (name === undefined) throw new Unknown();
    if (booleanAttributes.has(key) !== (typeof value === 'boolean')) throw new Unknown();
    if (typeof value === 'boolean') {
      if (value) out += ` ${name}`;
      continue;
    }
    const written = Array.isArray(value) ? value.join(' ') : String(value);
    if (typeof value === 'number' && Number.isNaN(value)) continue;
    out += ` ${name}="${written.replace(attributeSpecial, reference)}"`;
  }
  out += '>';
  const content = children(node.children);
  // A void element with children is written with them and an end tag, as hast-util-to-html does.
  if (voids.has(tag) && content === '') return out;
  return `${out}${content}</${tag}>`;
}
