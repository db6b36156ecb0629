/*
 * What a reader sees in the main content of a built page, read from its HTML, for Docusaurus's pages and
 * docs-it's alike (bench/docusaurus-compare.ts compares the two): the text, the headings with their ids, the
 * table of contents, code blocks, admonitions, images, links and tabs. Class names, attributes that no one
 * sees and the markup around them are left out; what each theme puts around the content (breadcrumbs, pager,
 * footer) is not read.
 */
import { type DefaultTreeAdapterTypes, parse } from 'parse5';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

export interface PageContent {
  title: string;
  text: string;
  headings: string[];
  toc: string[];
  code: { language: string; title: string; text: string }[];
  admonitions: string[];
  images: string[];
  links: string[];
  tabs: string[];
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function attr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

function classes(el: Element): string[] {
  return (attr(el, 'class') ?? '').split(/\s+/).filter(Boolean);
}

function children(node: Node): Node[] {
  if (isElement(node) && node.tagName === 'template') {
    return (node as DefaultTreeAdapterTypes.Template).content.childNodes as Node[];
  }
  return 'childNodes' in node ? (node.childNodes as Node[]) : [];
}

function findAll(node: Node, test: (el: Element) => boolean, found: Element[] = []): Element[] {
  for (const child of children(node)) {
    if (!isElement(child)) continue;
    if (test(child)) found.push(child);
    findAll(child, test, found);
  }
  return found;
}

/** The outermost elements that pass `test` (their descendants are not looked at). */
function findOutermost(node: Node, test: (el: Element) => boolean, found: Element[] = []): Element[] {
  for (const child of children(node)) {
    if (!isElement(child)) continue;
    if (test(child)) found.push(child);
    else findOutermost(child, test, found);
  }
  return found;
}

function find(node: Node, test: (el: Element) => boolean): Element | undefined {
  for (const child of children(node)) {
    if (!isElement(child)) continue;
    if (test(child)) return child;
    const deeper = find(child, test);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Elements a reader does not read as text: scripts, icons, buttons (copy buttons, toggles; tabs are read),
 * hidden helpers. */
function unread(el: Element): boolean {
  return (
    ['script', 'style', 'svg', 'noscript'].includes(el.tagName) ||
    (el.tagName === 'button' && attr(el, 'role') !== 'tab') ||
    classes(el).includes('hash-link') ||
    attr(el, 'aria-hidden') === 'true'
  );
}

const blocks = new Set(
  [
    'address article aside blockquote dd details div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header',
    'hr li main nav ol p pre section summary table tbody td th thead tr ul',
  ]
    .join(' ')
    .split(' '),
);

/** The text of a node as it reads: `<br>` is a line break; zero-width spaces are dropped. */
function textOf(node: Node, skip: (el: Element) => boolean = unread, spaced = true): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value.replace(/\u200b/g, '');
  if (isElement(node)) {
    if (skip(node)) return '';
    if (node.tagName === 'br') return '\n';
  }
  const text = children(node)
    .map((c) => textOf(c, skip, spaced))
    .join('');
  // Blocks read apart: "Info" over an admonition's text is not "InfoLooking…", whatever the markup around it.
  return spaced && isElement(node) && (blocks.has(node.tagName) || attr(node, 'role') === 'tab') ? ` ${text} ` : text;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A link target read as a path of the site: the site's origin, `index`, `.html` and a final slash taken out. */
export function normalizeHref(href: string, pagePath: string, origin: string): string {
  let url: URL;
  try {
    url = new URL(href, `${origin}${pagePath}`);
  } catch {
    return href;
  }
  if (url.origin !== origin) return url.href.replace(/\/$/, '');
  const route = decodeURI(url.pathname)
    .replace(/\/index(\.html)?$/, '/')
    .replace(/\.html$/, '')
    .replace(/(.)\/$/, '$1');
  return `${route}${url.search}${url.hash}`;
}

/** An image's name without the content hash a bundler adds (`logo-3f2a9c1e.png` and `logo.png` alike). */
function imageName(src: string): string {
  // Docusaurus inlines small images as data URIs: their name is gone, their alt text stays.
  if (src.startsWith('data:')) return '(inline)';
  const base = decodeURI(src.split(/[?#]/)[0]!.split('/').pop() ?? '');
  return base.replace(/[-.][0-9a-f]{8,}(?=\.\w+$)/i, '').replace(/^[0-9a-f]{32}\./, '');
}

interface Layout {
  /** The element that holds the content, the title apart. */
  content: (doc: Node) => Element | undefined;
  title: (doc: Node) => string;
  toc: (doc: Node) => Element | undefined;
  codeBlocks: (content: Element) => Element[];
  codeOf: (block: Element) => { language: string; title: string; text: string };
  admonitions: (content: Element) => Element[];
  /** An admonition's title, compared apart (without its case: each theme sets it in capitals with CSS). */
  isAdmonitionHeading: (el: Element) => boolean;
  admonitionOf: (el: Element) => string;
}

const hasClass = (name: string) => (el: Element) => classes(el).includes(name);
const classPrefixed = (prefix: string) => (el: Element) => classes(el).some((c) => c.startsWith(prefix));

function preText(block: Element): string {
  const code = find(block, (el) => el.tagName === 'code') ?? find(block, (el) => el.tagName === 'pre');
  return code
    ? textOf(code, unread, false)
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .replace(/\n+$/, '')
    : '';
}

const aliases: Record<string, string> = { secondary: 'note', important: 'info', success: 'tip', caution: 'warning' };

const docusaurus: Layout = {
  content: (doc) =>
    find(doc, hasClass('theme-doc-markdown')) ??
    find(doc, (el) => attr(el, 'id') === '__blog-post-container') ??
    (() => {
      const wrapper = find(doc, classPrefixed('mdxPageWrapper'));
      return wrapper ? find(wrapper, (el) => el.tagName === 'article') : undefined;
    })(),
  // A doc's or a post's title is the `<h1>` of its header; a page whose first heading is its title has none.
  title: (doc) => {
    const article = find(doc, (el) => el.tagName === 'article');
    const header = article && find(article, (el) => el.tagName === 'header');
    const h1 =
      (header && find(header, (el) => el.tagName === 'h1')) ?? (article && find(article, (el) => el.tagName === 'h1'));
    return h1 ? squash(textOf(h1)) : '';
  },
  toc: (doc) => find(doc, hasClass('table-of-contents')),
  codeBlocks: (content) => findOutermost(content, (el) => hasClass('theme-code-block')(el) || el.tagName === 'pre'),
  codeOf: (block) => {
    const language = classes(block)
      .find((c) => c.startsWith('language-'))
      ?.slice('language-'.length);
    const title = find(block, classPrefixed('codeBlockTitle'));
    return { language: language ?? 'text', title: title ? squash(textOf(title)) : '', text: preText(block) };
  },
  admonitions: (content) => findAll(content, hasClass('theme-admonition')),
  isAdmonitionHeading: classPrefixed('admonitionHeading'),
  admonitionOf: (el) => {
    const kindName = classes(el)
      .find((c) => c.startsWith('theme-admonition-'))
      ?.slice('theme-admonition-'.length);
    const heading = find(el, classPrefixed('admonitionHeading'));
    // Docusaurus 3's aliases draw as the kind they stand for (`important` is an info box, and so on).
    const kind = (kindName && aliases[kindName]) ?? kindName;
    return `${kind}: ${heading ? squash(textOf(heading)).toLowerCase() : ''}`;
  },
};

const docsIt: Layout = {
  content: (doc) => {
    const main = find(doc, (el) => el.tagName === 'main');
    const article = main && find(main, (el) => el.tagName === 'article');
    return article ? (find(article, hasClass('content')) ?? article) : undefined;
  },
  title: (doc) => {
    const main = find(doc, (el) => el.tagName === 'main');
    const article = main && find(main, (el) => el.tagName === 'article');
    const h1 = article && find(article, (el) => el.tagName === 'h1');
    return h1 ? squash(textOf(h1)) : '';
  },
  toc: (doc) => {
    const aside = find(doc, hasClass('doc-toc'));
    return aside && find(aside, hasClass('toc-list'));
  },
  codeBlocks: (content) => findOutermost(content, (el) => hasClass('code-block')(el) || el.tagName === 'pre'),
  codeOf: (block) => {
    const title = find(block, hasClass('code-title'));
    return {
      language: attr(block, 'data-lang') ?? 'text',
      title: title ? squash(textOf(title)) : '',
      text: preText(block),
    };
  },
  admonitions: (content) =>
    findAll(content, (el) => classes(el).some((c) => /^admonition-(?!heading|content)/.test(c))),
  isAdmonitionHeading: hasClass('admonition-heading'),
  admonitionOf: (el) => {
    const kind = classes(el)
      .find((c) => /^admonition-(?!heading|content)/.test(c))
      ?.slice('admonition-'.length);
    const heading = find(el, hasClass('admonition-heading'));
    // docs-it draws `caution` as `warning`, as Docusaurus 3 does.
    return `${(kind && aliases[kind]) ?? kind}: ${heading ? squash(textOf(heading)).toLowerCase() : ''}`;
  },
};

export const layouts = { docusaurus, docsIt };

/** What the page at `pagePath` shows in its main content, or undefined when it has none of a doc, post or page. */
export function readPage(html: string, layout: Layout, pagePath: string, origin: string): PageContent | undefined {
  const doc = parse(html) as unknown as Node;
  const content = layout.content(doc);
  if (!content) return undefined;
  const isTitle = (el: Element) => el.tagName === 'h1';
  const headings = findAll(content, (el) => /^h[1-6]$/.test(el.tagName)).map(
    (h) => `${h.tagName}#${attr(h, 'id') ?? ''} ${squash(textOf(h))}`,
  );
  const toc = layout.toc(doc);
  const tocEntries: string[] = [];
  const readToc = (list: Element, depth: number) => {
    for (const li of findOutermost(list, (el) => el.tagName === 'li')) {
      const a = find(li, (el) => el.tagName === 'a');
      if (a) tocEntries.push(`${depth} ${attr(a, 'href')} ${squash(textOf(a))}`);
      for (const sub of findOutermost(li, (el) => el.tagName === 'ul')) readToc(sub, depth + 1);
    }
  };
  if (toc) readToc(toc, 1);
  const codeBlocks = layout.codeBlocks(content);
  const inCode = new Set(codeBlocks.flatMap((b) => findAll(b, () => true)));
  const links = findAll(content, (el) => el.tagName === 'a' && attr(el, 'href') !== undefined)
    .filter((a) => !classes(a).includes('hash-link') && !inCode.has(a))
    .map((a) => normalizeHref(attr(a, 'href')!, pagePath, origin));
  const images = findAll(content, (el) => el.tagName === 'img').map(
    (img) => `${imageName(attr(img, 'src') ?? '')} "${attr(img, 'alt') ?? ''}"`,
  );
  const tabs = findAll(content, (el) => attr(el, 'role') === 'tablist').map((list) =>
    findAll(list, (el) => attr(el, 'role') === 'tab')
      .map((tab) => squash(textOf(tab)))
      .join(' | '),
  );
  return {
    title: layout.title(doc),
    text: squash(textOf(content, (el) => unread(el) || isTitle(el) || layout.isAdmonitionHeading(el))),
    headings: headings.filter((h) => !h.startsWith('h1')),
    toc: tocEntries,
    code: codeBlocks.map((b) => layout.codeOf(b)),
    admonitions: layout.admonitions(content).map((el) => layout.admonitionOf(el)),
    images,
    links,
    tabs,
  };
}
