import type { EditUrlFunctions } from '../config/edit-url-schema';
import type { SiteConfig } from '../config/site-schema';
import type { BlogPost, Doc } from '../content/content-types';
import { DocsItError } from '../errors';
import { upstreamUrlOf } from './translation-props';

/**
 * A page's "edit this page" URL: its front matter's own (`custom_edit_url`, null for none); on a translated page
 * the upstream file's editor when the site names one (`translations.editUrl`); else the config's `editUrl`, a
 * function of the file or a URL the file's path from the content folder (`docs/…`, `blog/…`) is joined to, as
 * Docusaurus joins it to the path from the site folder. A function that throws or returns something other than
 * a URL (or undefined: no link) is a problem of the page, added to `problems`.
 */
export function editUrlOf(
  page: { kind: 'doc'; doc: Doc } | { kind: 'post'; post: BlogPost },
  site: SiteConfig,
  functions: EditUrlFunctions | undefined,
  problems: DocsItError[],
): string | undefined {
  const source = page.kind === 'doc' ? page.doc.source : page.post.source;
  const frontMatter = page.kind === 'doc' ? page.doc.frontMatter : page.post.frontMatter;
  const custom = frontMatter.custom_edit_url;
  if (custom !== undefined) return custom ?? undefined;
  const upstream = frontMatter.upstream;
  const template = site.translations?.editUrl;
  if (template && upstream && upstream !== 'none') return upstreamUrlOf(template, upstream.path);
  const locale = site.i18n.currentLocale;
  const section = page.kind === 'doc' ? 'docs' : 'blog';
  const fn = functions?.[section];
  if (fn) {
    const key = `${section}.editUrl`;
    let url: unknown;
    try {
      url =
        page.kind === 'doc'
          ? functions.docs?.({
              version: site.docs.version.name,
              versionDocsDirPath: 'docs',
              docPath: source.relPath,
              permalink: page.doc.route,
              locale,
            })
          : functions.blog?.({ blogDirPath: 'blog', blogPath: source.relPath, permalink: page.post.route, locale });
    } catch (error) {
      problems.push(
        new DocsItError(
          `${key} threw for this page: ${error instanceof Error ? error.message : String(error)}`,
          { file: source.file },
          `Fix the function given as ${key} in the site config.`,
        ),
      );
      return undefined;
    }
    if (url === undefined || url === null) return undefined;
    if (typeof url !== 'string' || !URL.canParse(url)) {
      problems.push(
        new DocsItError(
          `${key} returned ${JSON.stringify(url)} for this page, not a URL`,
          { file: source.file },
          `Make the function given as ${key} return an absolute URL, or undefined for no link.`,
        ),
      );
      return undefined;
    }
    return url;
  }
  const base = section === 'docs' ? site.docs.editUrl : site.blog.editUrl;
  return base ? `${base.replace(/\/?$/, '/')}${section}/${source.relPath}` : undefined;
}
