/*
 * unified's whole markdown pipeline: remark's parser and plugins, remark-rehype, raw HTML through parse5 and
 * rehype-stringify; and the remark plugins MDX runs. compile-page loads this module only when a page needs it: a
 * `.md` page the direct path does not take (see direct-hast), or an MDX page. The direct path needs none of it, and
 * its modules (micromark, mdast-util-to-hast, parse5 and their tables) are a large share of what a thread that
 * compiles pages would otherwise compile and evaluate at its start.
 */
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { type PluggableList, unified } from 'unified';
import type { DirectivePlugin } from './directive-plugin';
import type { Highlighter } from './highlighter';
import { treeDepthGuard } from './page-limits';
import { rehypePlugins } from './rehype-plugins';
import rehypeRawIfNeeded from './rehype-raw-if-needed';
import remarkAutolinkGuard from './remark-autolink-guard';
import remarkCodeBlockComponent from './remark-code-block-component';
import remarkEmojiIfNeeded from './remark-emoji-if-needed';
import remarkHeadingIds from './remark-heading-ids';
import remarkImports from './remark-imports';
import remarkMdExpressions from './remark-md-expressions';
import remarkMdxFragments from './remark-mdx-fragments';
import remarkNpm2yarn from './remark-npm2yarn';
import remarkStripTitle from './remark-strip-title';
import remarkUnknownDirectives from './remark-unknown-directives';

/** remark plugins shared by `.md` and `.mdx`, in order: directives are read before they become HTML. */
export function remarkPlugins(format: 'md' | 'mdx', directives: readonly DirectivePlugin[]): PluggableList {
  return [
    // First: every later plugin walks the tree recursively.
    treeDepthGuard,
    ...(format === 'mdx' ? [remarkMdxFragments, remarkCodeBlockComponent, remarkImports] : []),
    remarkGfm,
    remarkAutolinkGuard,
    remarkDirective,
    [remarkUnknownDirectives, { directives }],
    // Before the directives: its code blocks become tabs, which the tabs directive then draws.
    remarkNpm2yarn,
    ...directives.map((directive) => directive.plugin),
    remarkHeadingIds,
    // Emoji shortcodes (`:white_check_mark:`) as Docusaurus shows them (its `markdown.emoji`, on by default).
    remarkEmojiIfNeeded,
    ...(format === 'md' ? [remarkMdExpressions] : []),
    remarkStripTitle,
  ];
}

/** The `.md` processor of a page compiler, with and without the blog's excerpt, each made once and reused. */
export function mdProcessors(highlighter: Highlighter, directives: readonly DirectivePlugin[]) {
  const make = (excerpt: boolean) =>
    unified()
      .use(remarkParse)
      .use(remarkPlugins('md', directives))
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeRawIfNeeded)
      .use(rehypePlugins(highlighter, excerpt, 'md'))
      .use(rehypeStringify, { allowDangerousHtml: true })
      .freeze();
  return { md: make(false), mdWithExcerpt: make(true) };
}
