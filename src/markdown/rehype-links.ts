import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import type { LinkRef, Problem } from './problems';
import { eachNode } from './walk';

export interface LinkOptions {
  /** Route of every content file, by site-root relative path. */
  routeOfFile: Record<string, string>;
  baseUrl: string;
}

const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Normalises `../a/./b` segments of a posix path. */
function normalise(parts: string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out;
}

/** Rewrites relative `.md` links to routes and records every internal link and image for checking. */
export default function rehypeLinks(options: LinkOptions) {
  return (tree: Root, file: VFile) => {
    const links: LinkRef[] = (file.data.links ??= []);
    const problems: Problem[] = (file.data.problems ??= []);
    const deps = (file.data.deps ??= {});
    const page = file.data.page!;
    const fileDir = page.file.split('/').slice(0, -1);
    eachNode(tree, 'element', (node: Element) => {
      const attr = node.tagName === 'a' ? 'href' : node.tagName === 'img' ? 'src' : undefined;
      if (!attr) return;
      const value = node.properties[attr];
      if (typeof value !== 'string' || value === '' || external.test(value)) return;
      const line = node.position?.start.line ?? 1;
      const column = node.position?.start.column ?? 1;
      const hashAt = value.indexOf('#');
      const pathPart = hashAt === -1 ? value : value.slice(0, hashAt);
      const anchor = hashAt === -1 ? undefined : decodeURIComponent(value.slice(hashAt + 1));
      const kind = attr === 'src' ? 'image' : 'link';
      if (pathPart === '') {
        links.push({ path: page.route, anchor, kind, line, column });
        return;
      }
      if (/\.mdx?$/.test(pathPart) && !pathPart.startsWith('/')) {
        const target = normalise([...fileDir, ...pathPart.split('/')]).join('/');
        const route = options.routeOfFile[target];
        deps[target] = route ?? null;
        if (!route) {
          problems.push({
            message: `broken link: ${value} (no page at ${target})`,
            line,
            column,
            hint: 'Fix the path, or link to a published page (drafts and `_` files have no URL).',
          });
          return;
        }
        node.properties[attr] =
          anchor === undefined ? route : `${route}#${encodeURIComponent(anchor).replace(/%2F/g, '/')}`;
        links.push({ path: route, anchor, kind, line, column });
        return;
      }
      let resolved: string;
      if (pathPart.startsWith('/')) resolved = pathPart;
      else if (kind === 'image') {
        problems.push({
          message: `relative image path ${value}`,
          line,
          column,
          hint: `Put the file in content/static/ and use its URL, e.g. ${options.baseUrl}img/name.png.`,
        });
        return;
      } else resolved = `/${normalise([...page.route.split('/').slice(0, -1), ...pathPart.split('/')]).join('/')}`;
      const clean = resolved.length > 1 ? resolved.replace(/\/index\.html$/, '').replace(/\/$/, '') : resolved;
      // The site root is the one route with a trailing slash.
      const path = `${clean}/` === options.baseUrl ? options.baseUrl : clean;
      links.push({ path, anchor, kind, line, column });
    });
  };
}
