import * as z from 'zod';

/** What a function `docs.editUrl` is given, as Docusaurus gives it. */
export interface DocEditUrlParams {
  /** The docs version's name (`current`). */
  version: string;
  /** The docs folder relative to the site's content (`docs`). */
  versionDocsDirPath: string;
  /** The doc's path inside the docs folder (`intro/setup.md`). */
  docPath: string;
  /** The doc's route (`/docs/intro/setup`). */
  permalink: string;
  /** The site's locale (`fr`). */
  locale: string;
}

/** What a function `blog.editUrl` is given, as Docusaurus gives it. */
export interface BlogEditUrlParams {
  /** The blog folder relative to the site's content (`blog`). */
  blogDirPath: string;
  /** The post's path inside the blog folder (`2024-05-01-news.md`). */
  blogPath: string;
  permalink: string;
  locale: string;
}

export type EditUrlFunction<P> = (params: P) => string | undefined;

/** The functions the config gave as `editUrl`: kept apart from the site's config, which is data. */
export interface EditUrlFunctions {
  docs?: EditUrlFunction<DocEditUrlParams>;
  blog?: EditUrlFunction<BlogEditUrlParams>;
}

/**
 * `editUrl` as Docusaurus takes it: a URL the file's path (`docs/…`, `blog/…`) is joined to, or a function of
 * the file that returns the URL. The validated config keeps the string alone; `editUrlFunctionsOf` the function.
 */
export const editUrlSchema = <P>() =>
  z
    .union([
      z.url(),
      z.custom<EditUrlFunction<P>>((value) => typeof value === 'function', 'expected a URL or a function'),
    ])
    .optional()
    .transform((value) => (typeof value === 'string' ? value : undefined));
