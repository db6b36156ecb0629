import { type ComponentType, createElement } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { type PluggableList, unified } from 'unified';
import { VFile } from 'vfile';
import { mdxComponents } from '../../templates/content/mdx-components';
import { DocsItError } from '../errors';
import { normalizeAdmonitionTitles } from './admonition-titles';
import type { Highlighter } from './highlighter';
import type { CompiledPage, PageContext } from './problems';
import rehypeCode from './rehype-code';
import rehypeCollect from './rehype-collect';
import rehypeExcerpt from './rehype-excerpt';
import rehypeHeadingAnchors from './rehype-heading-anchors';
import rehypeLinks, { type LinkOptions } from './rehype-links';
import rehypeRawIfNeeded from './rehype-raw-if-needed';
import remarkAdmonitions from './remark-admonitions';
import remarkCardList from './remark-card-list';
import remarkCards from './remark-cards';
import remarkHeadingIds from './remark-heading-ids';
import remarkMdxFragments, { type FragmentOptions } from './remark-mdx-fragments';
import remarkStripTitle from './remark-strip-title';
import remarkTabs from './remark-tabs';
import remarkUnknownDirectives from './remark-unknown-directives';

export interface MarkdownOptions extends LinkOptions, FragmentOptions {
  highlighter: Highlighter;
}

export interface CompileInput extends PageContext {
  /** Markdown body (front matter lines blanked). */
  body: string;
  format: 'md' | 'mdx';
  /** Blog posts keep an excerpt for the lists. */
  excerpt: boolean;
}

/** remark plugins shared by `.md` and `.mdx`, in order: directives are read before they are turned into HTML. */
function remarkPlugins(options: MarkdownOptions, format: 'md' | 'mdx'): PluggableList {
  return [
    ...(format === 'mdx' ? [[remarkMdxFragments, options] as const] : []),
    remarkGfm,
    remarkDirective,
    remarkUnknownDirectives,
    remarkAdmonitions,
    remarkTabs,
    remarkCards,
    remarkCardList,
    remarkHeadingIds,
    remarkStripTitle,
  ] as PluggableList;
}

/** rehype plugins shared by both formats: ids first, then links, code, the TOC, and anchors last. */
function rehypePlugins(options: MarkdownOptions, excerpt: boolean, format: 'md' | 'mdx'): PluggableList {
  return [
    rehypeSlug,
    [rehypeLinks, options],
    // MDX compiles hast to JavaScript and cannot take raw HTML nodes.
    [rehypeCode, { highlighter: options.highlighter, output: format === 'mdx' ? 'hast' : 'raw' }],
    rehypeCollect,
    rehypeHeadingAnchors,
    ...(excerpt ? [rehypeExcerpt] : []),
  ] as PluggableList;
}

/** Creates the compiler for one build: the `.md` processors are made once and reused for every page. */
export function createMarkdownProcessor(options: MarkdownOptions) {
  const make = (excerpt: boolean) =>
    unified()
      .use(remarkParse)
      .use(remarkPlugins(options, 'md'))
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeRawIfNeeded)
      .use(rehypePlugins(options, excerpt, 'md'))
      .use(rehypeStringify, { allowDangerousHtml: true })
      .freeze();
  const md = make(false);
  const mdWithExcerpt = make(true);

  /** Compiles one page to HTML with its TOC, ids and links; a syntax error throws a located DocsItError. */
  return async function compile(input: CompileInput): Promise<CompiledPage> {
    const file = new VFile({
      path: input.file,
      value: input.format === 'md' ? normalizeAdmonitionTitles(input.body) : input.body,
    });
    file.data.page = { file: input.file, route: input.route, tocMin: input.tocMin, tocMax: input.tocMax };
    let html: string;
    try {
      if (input.format === 'md') {
        html = String(await (input.excerpt ? mdWithExcerpt : md).process(file));
      } else {
        // MDX is loaded only by sites that have .mdx pages.
        const { compile: compileMdx, run: runMdx } = await import('@mdx-js/mdx');
        const compiled = await compileMdx(file, {
          outputFormat: 'function-body',
          remarkPlugins: remarkPlugins(options, 'mdx'),
          rehypePlugins: rehypePlugins(options, input.excerpt, 'mdx'),
          remarkRehypeOptions: { allowDangerousHtml: true },
        });
        const mod = await runMdx(String(compiled), { ...jsxRuntime, baseUrl: import.meta.url });
        const Content = mod.default as ComponentType<{ components: typeof mdxComponents }>;
        html = renderToStaticMarkup(createElement(Content, { components: mdxComponents }));
      }
    } catch (error) {
      throw toDocsItError(error, input.file);
    }
    const result: CompiledPage = {
      html,
      toc: file.data.toc ?? [],
      ids: file.data.ids ?? [],
      links: file.data.links ?? [],
      problems: file.data.problems ?? [],
      deps: file.data.deps ?? {},
    };
    if (file.data.excerptHtml !== undefined) result.excerptHtml = file.data.excerptHtml;
    if (file.data.cardList) result.cardList = file.data.cardList;
    return result;
  };
}

/** A VFileMessage (or any error) from the pipeline as a DocsItError at its place in the file. */
function toDocsItError(error: unknown, fileName: string): DocsItError {
  if (error instanceof DocsItError) return error;
  const message = error as {
    reason?: string;
    message?: string;
    line?: number;
    column?: number;
    place?: { line?: number; column?: number; start?: { line: number; column: number } };
  };
  const place =
    message.place && 'start' in message.place && message.place.start
      ? message.place.start
      : (message.place as { line?: number; column?: number } | undefined);
  const text = message.reason ?? message.message ?? String(error);
  // Some MDX errors carry their place only in the text, as `(3:1-3:7)`.
  const fromText = /\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/.exec(text);
  const line = message.line ?? place?.line ?? (fromText ? Number(fromText[1]) : undefined);
  const column = message.column ?? place?.column ?? (fromText ? Number(fromText[2]) : undefined);
  // An error with no place of its own is reported at the top of the file, never without a line.
  return new DocsItError(
    text,
    { file: fileName, line: line ?? 1, column: column ?? 1 },
    'Fix the markdown/MDX syntax at this place (see WRITING.md).',
  );
}
