import { isRefusal } from '../config/publishable';
import type { BlogPost, Doc } from '../content/content-types';
import { DocsItError } from '../errors';
import type { CompiledPage } from '../markdown/compiled-page';
import { resolveFileFrom } from '../markdown/posix-paths';
import { withBaseUrl } from '../shared/base-url';
import type { TranslationNoticeProps } from '../shared/route-data';
import type { TocItem } from '../shared/toc';
import { isExternalUrl } from '../shared/url-scheme';
import { editUrlOf } from './edit-url';
import type { RoutePropsContext } from './route-page';
import { translationNoticeOf } from './translation-props';

/*
 * Fields that several kinds of route share, each computed by its own function. A field that a page may lack comes
 * back as an object to spread, empty when the page has none.
 */

/** A content file's source, as the fields below read it. */
interface ContentSource {
  source: { file: string; keyLines: Record<string, number> };
}

/** The line of a front matter key, for a problem about its value. */
export const frontMatterKey = ({ source }: ContentSource, key: string) => ({
  file: source.file,
  line: source.keyLines[key] ?? 1,
});

/**
 * An image named in front matter or authors.yml as Docusaurus reads it: a URL as it is, a site path with the
 * base URL, and a path relative to the file that names it as the URL of the published copy of that file.
 */
export async function imageUrlOf(
  value: string | undefined,
  from: { file: string; line: number },
  ctx: RoutePropsContext,
  problems: DocsItError[],
): Promise<string | undefined> {
  if (!value) return undefined;
  if (isExternalUrl(value)) return value;
  if (value.startsWith('/')) return withBaseUrl(ctx.site.baseUrl, value);
  const lookup = await ctx.assetUrl(resolveFileFrom(from.file, value));
  if (!isRefusal(lookup)) return lookup.url;
  const missing = lookup.kind === 'missing';
  problems.push(
    new DocsItError(
      missing ? `missing image ${value}` : `image ${value}: ${lookup.problem}`,
      { file: from.file, line: from.line, column: 1 },
      missing ? 'The path is relative to this file: fix it, or add the image next to the file.' : lookup.hint,
    ),
  );
  return undefined;
}

/** The Open Graph image of a page, from its front matter's `image`. */
export const pageImageOf = (
  page: ContentSource & { frontMatter: { image?: string } },
  ctx: RoutePropsContext,
  problems: DocsItError[],
) => imageUrlOf(page.frontMatter.image, frontMatterKey(page, 'image'), ctx, problems);

/** The `keywords` meta tag's words, when the front matter has some. */
export const keywordsOf = ({ keywords }: { keywords?: string[] }): { keywords?: string[] } =>
  keywords ? { keywords } : {};

/** The headings a page lists beside its content: none when its front matter hides them. */
export const tocOf = (frontMatter: { hide_table_of_contents?: boolean }, compiled: CompiledPage): TocItem[] =>
  frontMatter.hide_table_of_contents ? [] : compiled.toc;

/** The notice under the title of a page whose upstream page changed after its translation. */
export function translationOf(file: string, ctx: RoutePropsContext): { translation?: TranslationNoticeProps } {
  const notice = translationNoticeOf(ctx.model.translations, file, ctx.site);
  return notice ? { translation: notice } : {};
}

/** The "edit this page" field of a doc or a post (see `edit-url.ts`); a function that fails adds a problem. */
export function editUrlFieldOf(
  page: { kind: 'doc'; doc: Doc } | { kind: 'post'; post: BlogPost },
  ctx: RoutePropsContext,
  problems: DocsItError[],
): { editUrl?: string } {
  const url = editUrlOf(page, ctx.site, ctx.editUrls, problems);
  return url ? { editUrl: url } : {};
}
