import type { Root, Text } from 'mdast';
import { eachNode } from './walk';

/** What remark-emoji replaces (its own pattern): a text without it is left as it is. */
export const shortcode = /:\+1:|:-1:|:[\w-]+:/;

type EmojiTransformer = (tree: Root) => void;
let loadingEmoji: Promise<EmojiTransformer> | undefined;

/**
 * remark-emoji, loaded by the first page with text that could hold a shortcode (`:white_check_mark:`): with
 * emojilib, its table of every emoji, it is hundreds of kB that a process whose pages have none would compile and
 * run at its start for nothing. Its result is the same: on a page without the pattern it changes nothing.
 */
export default function remarkEmojiIfNeeded() {
  return async (tree: Root) => {
    let found = false;
    eachNode<Text>(tree, 'text', (node) => {
      found ||= shortcode.test(node.value);
    });
    if (!found) return;
    loadingEmoji ??= import('remark-emoji').then(({ default: remarkEmoji }) =>
      (remarkEmoji as unknown as () => EmojiTransformer)(),
    );
    (await loadingEmoji)(tree);
  };
}
