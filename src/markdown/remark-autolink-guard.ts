import type { Root, Text } from 'mdast';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import type { Processor } from 'unified';
import { eachNode } from './walk';

type Transform = (tree: Root) => Root | undefined;

/** GFM's search for bare URLs and e-mail addresses in text, as remark-gfm registers it. */
const findAutolinks = gfmAutolinkLiteralFromMarkdown().transforms![0] as Transform;

/** A text GFM can find an autolink in holds one of these: its patterns start `http(s)://` or `www.`, or hold `@`. */
const candidate = /https?:\/\/|www\.|@/i;

/** Whether any text of the page could hold an autolink literal (if not, GFM's search would change nothing). */
export function mayHaveAutolinks(tree: Root): boolean {
  let found = false;
  eachNode(tree, 'text', (node: Text) => {
    found ||= candidate.test(node.value);
  });
  return found;
}

const guarded: Transform = (tree) => (mayHaveAutolinks(tree) ? findAutolinks(tree) : undefined);

/**
 * Puts the guard in front of GFM's autolink search among a processor's from-markdown extensions: the search
 * runs its regular expressions over every text of every page (docs/measurements.md, "10,000 pages"), most of which
 * has no
 * URL. Returns whether it found the search (another copy of the package would not be).
 */
export function guardAutolinkSearch(extensions: unknown[]): boolean {
  let found = false;
  for (const extension of extensions) {
    if (Array.isArray(extension)) found = guardAutolinkSearch(extension) || found;
    else {
      const transforms = (extension as { transforms?: Transform[] }).transforms;
      if (!transforms?.includes(findAutolinks)) continue;
      (extension as { transforms: Transform[] }).transforms = transforms.map((t) =>
        t === findAutolinks ? guarded : t,
      );
      found = true;
    }
  }
  return found;
}

/** After remark-gfm: its autolink search runs only on pages whose text could hold one. */
export default function remarkAutolinkGuard(this: Processor) {
  guardAutolinkSearch((this.data('fromMarkdownExtensions') as unknown[] | undefined) ?? []);
}
