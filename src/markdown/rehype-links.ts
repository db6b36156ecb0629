import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { withBaseUrl } from '../shared/base-url';
import { schemeOf } from '../shared/url-scheme';
import { assetPlaceholder, isAssetPath } from './asset-refs';
import type { LinkRef, Problem } from './compiled-page';
import { normalisePath, resolveFrom } from './posix-paths';
import { eachNode } from './walk';

const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

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
    eachNode(tree, 'element', (node: Element) => {
      const attr = node.tagName === 'a' ? 'href' : node.tagName === 'img' ? 'src' : undefined;
      if (!attr) return;
      const value = node.properties[attr];
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
        node.properties[attr] = '#';
        return;
      }
      if (external.test(value)) return;
      const hashAt = value.indexOf('#');
      const pathPart = hashAt === -1 ? value : value.slice(0, hashAt);
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
      if (kind === 'link' && /\.mdx?$/.test(pathPart) && !pathPart.startsWith('/')) {
        const target = resolveFrom(page.file, pathPart);
        const href = `${fileLinkPrefix}${links.length}`;
        node.properties.href = href;
        links.push({ kind: 'file', target, href, anchor, line, column });
        return;
      }
      if (!pathPart.startsWith('/') && (kind === 'image' || isAssetPath(pathPart))) {
        // As in Docusaurus, an image (or a download) next to the page is published with it.
        const target = resolveFrom(page.file, decodePath(pathPart));
        node.properties[attr] = assetPlaceholder(target) + (hashAt === -1 ? '' : value.slice(hashAt));
        links.push({ kind: 'asset', target, line, column });
        return;
      }
      let resolved: string;
      if (pathPart.startsWith('/')) {
        // As in Docusaurus, a site path written without the base URL (`/docs/x`, `/img/y.png`) gets it.
        resolved = withBaseUrl(page.baseUrl, pathPart);
        if (resolved !== pathPart) node.properties[attr] = resolved + (hashAt === -1 ? '' : value.slice(hashAt));
      } else resolved = `/${normalisePath([...page.route.split('/').slice(0, -1), ...pathPart.split('/')]).join('/')}`;
      const clean = resolved.length > 1 ? resolved.replace(/\/index\.html$/, '').replace(/\/$/, '') : resolved;
      // The site root is the one route with a trailing slash.
      links.push({ kind, path: `${clean}/` === page.baseUrl ? page.baseUrl : clean, anchor, line, column });
    });
  };
}

/** A path as written in markdown may escape characters (`my%20image.png`); the file has the plain name. */
function decodePath(pathPart: string): string {
  try {
    return decodeURIComponent(pathPart);
  } catch {
    return pathPart;
  }
}
