import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { withBaseUrl } from '../shared/base-url';
import { isExternalUrl, schemeOf } from '../shared/url-scheme';
import { assetPlaceholder, isAssetPath } from './asset-refs';
import type { LinkRef, Problem } from './compiled-page';
import { normalisePath, resolveFileFrom, resolveFrom } from './posix-paths';
import { eachNode } from './walk';

/** Schemes that run code or carry a document of their own: never published in a link or an image. */
const unsafeSchemes = new Set(['javascript', 'vbscript', 'data']);

/**
 * The `href` a link to a content file carries until the link stage replaces it with the file's route
 * (`resolveFileLinks`). A scheme of our own: no author writes it, and HTML serialisation leaves it alone.
 */
export const fileLinkPrefix = 'docs-it-file:';

/**
 * Records every internal link and image for the link stage. Relative links to `.md`/`.mdx` files become
 * placeholders naming the file: which route a file has is decided with all pages known, not here.
 */
export default function rehypeLinks() {
  return (tree: Root, file: VFile) => {
    file.data.links ??= [];
    file.data.problems ??= [];
    const links: LinkRef[] = file.data.links;
    const problems: Problem[] = file.data.problems;
    const page = file.data.page!;
    eachNode(tree, ['element', 'mdxJsxFlowElement', 'mdxJsxTextElement'], (node: Element | JsxElement) => {
      const target = linkTargetOf(node);
      if (!target) return;
      const { attr } = target;
      const value = target.get();
      if (typeof value !== 'string' || value === '') return;
      const line = node.position?.start.line ?? 1;
      const column = node.position?.start.column ?? 1;
      const scheme = schemeOf(value);
      if (scheme && unsafeSchemes.has(scheme)) {
        problems.push({
          message: `${scheme}: URL in ${attr === 'src' ? 'an image' : 'a link'}`,
          line,
          column,
          hint: 'Link to an http(s) address, a page of the site or a mailto: address; pages never run code from links.',
        });
        // Inert even if the problem were ignored (dev shows the page with its errors).
        target.set('#');
        return;
      }
      if (isExternalUrl(value)) return;
      const hashAt = value.indexOf('#');
      const beforeHash = hashAt === -1 ? value : value.slice(0, hashAt);
      // A query (`/img/a.svg?v=2`, a cache buster) is kept in the URL and is no part of the file or route named.
      const queryAt = beforeHash.indexOf('?');
      const pathPart = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
      const rest = value.slice(pathPart.length);
      let anchor = hashAt === -1 ? undefined : value.slice(hashAt + 1);
      try {
        if (anchor !== undefined) anchor = decodeURIComponent(anchor);
      } catch {
        problems.push({
          message: `malformed % escape in the link ${value}`,
          line,
          column,
          hint: 'Write % as %25, or use the heading id as it is (ids are plain text).',
        });
        return;
      }
      const kind = attr === 'src' ? 'image' : 'link';
      if (pathPart === '') {
        links.push({ kind, path: page.route, anchor, line, column });
        return;
      }
      const root = contentRootOf(page.file);
      if (kind === 'link' && /\.mdx?$/.test(pathPart) && (!pathPart.startsWith('/') || root)) {
        // As Docusaurus resolves a link to a Markdown file: from the page's folder, else from its content folder
        // (`content/docs`); one written from the root (`/cli/add.md`) from its content folder.
        const fromRoot = root && resolveFrom(`${root}/_`, pathPart.replace(/^\/+/, ''));
        const linked = pathPart.startsWith('/') ? fromRoot! : resolveFrom(page.file, pathPart);
        const href = `${fileLinkPrefix}${links.length}`;
        target.set(href);
        const fallback = fromRoot && fromRoot !== linked ? { fallback: fromRoot } : {};
        links.push({ kind: 'file', target: linked, ...fallback, href, anchor, line, column });
        return;
      }
      if (!pathPart.startsWith('/') && (kind === 'image' || isAssetPath(pathPart))) {
        // As in Docusaurus, an image (or a download) next to the page is published with it.
        const asset = resolveFileFrom(page.file, decodePath(pathPart));
        target.set(assetPlaceholder(asset) + rest);
        links.push({ kind: 'asset', target: asset, line, column });
        return;
      }
      let resolved: string;
      if (pathPart.startsWith('/')) {
        // As in Docusaurus, a site path written without the base URL (`/docs/x`, `/img/y.png`) gets it.
        resolved = withBaseUrl(page.baseUrl, pathPart);
        if (resolved !== pathPart) target.set(resolved + rest);
      } else resolved = `/${normalisePath([...page.route.split('/').slice(0, -1), ...pathPart.split('/')]).join('/')}`;
      const clean = resolved.length > 1 ? resolved.replace(/\/index\.html$/, '').replace(/\/$/, '') : resolved;
      // The site root is the one route with a trailing slash.
      links.push({ kind, path: `${clean}/` === page.baseUrl ? page.baseUrl : clean, anchor, line, column });
    });
  };
}

/** The content folder a content file belongs to (`content/docs/cli/add.md` → `content/docs`), if any. */
function contentRootOf(file: string): string | undefined {
  const [top, section] = file.split('/');
  return top === 'content' && section && file.split('/').length > 2 ? `${top}/${section}` : undefined;
}

/** An MDX JSX element (`<a href="…">`, `<img src="…" />` written as JSX in a page). */
interface JsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: { type: string; name?: string; value?: unknown }[];
  position?: Element['position'];
}

/**
 * The URL attribute of a link or an image, HTML or JSX: JSX ones are checked and given the base URL like
 * markdown's when their value is a plain string (an expression is code, known only when the page runs).
 */
function linkTargetOf(
  node: Element | JsxElement,
): { attr: 'href' | 'src'; get(): unknown; set(value: string): void } | undefined {
  if (node.type === 'element') {
    const attr = node.tagName === 'a' ? 'href' : node.tagName === 'img' ? 'src' : undefined;
    if (!attr) return undefined;
    return { attr, get: () => node.properties[attr], set: (value) => (node.properties[attr] = value) };
  }
  const attr = node.name === 'a' ? 'href' : node.name === 'img' ? 'src' : undefined;
  const attribute = attr && node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === attr);
  if (!attr || !attribute) return undefined;
  return { attr, get: () => attribute.value, set: (value) => (attribute.value = value) };
}

/** A path as written in markdown may escape characters (`my%20image.png`); the file has the plain name. */
function decodePath(pathPart: string): string {
  try {
    return decodeURIComponent(pathPart);
  } catch {
    return pathPart;
  }
}
