import type { PluggableList } from 'unified';
import type { Highlighter } from './highlighter';
import { treeDepthGuard } from './page-limits';
import rehypeCode from './rehype-code';
import rehypeCollect from './rehype-collect';
import rehypeExcerpt from './rehype-excerpt';
import rehypeHeadingAnchors from './rehype-heading-anchors';
import rehypeHeadingSlugs from './rehype-heading-slugs';
import rehypeInlineCodeBreaks from './rehype-inline-code-breaks';
import rehypeLinks from './rehype-links';
import rehypeMdxExports from './rehype-mdx-exports';
import rehypeSearchBlocks from './rehype-search-blocks';
import rehypeThemeIslands from './rehype-theme-islands';

/**
 * rehype plugins shared by both formats and by every path (the direct one, unified's and MDX's): ids first (links
 * and the TOC need them), code before search (code is never searched), anchors after search (their labels are not
 * text of the page), the excerpt last.
 */
export function rehypePlugins(highlighter: Highlighter, excerpt: boolean, format: 'md' | 'mdx'): PluggableList {
  return [
    // Raw HTML (parsed just before, in `.md`) can nest deeper than the markdown did.
    treeDepthGuard,
    rehypeHeadingSlugs,
    rehypeLinks,
    [rehypeCode, { highlighter, output: format === 'mdx' ? 'mdx' : 'raw' }],
    rehypeInlineCodeBreaks,
    rehypeCollect,
    rehypeSearchBlocks,
    rehypeHeadingAnchors,
    // Once the rest has read the admonitions' content: the site's override draws them (when it has one).
    [rehypeThemeIslands, { format }],
    ...(excerpt ? [rehypeExcerpt] : []),
    // After the TOC is collected: MDX pages export it (and their front matter) as Docusaurus's do.
    ...(format === 'mdx' ? [rehypeMdxExports] : []),
  ];
}
