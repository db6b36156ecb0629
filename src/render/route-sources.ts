import type { ContentModel } from '../content/build-content-model';
import type { BlogPost, Doc, Page } from '../content/content-types';

/** Finds what a route of the model is made from; the model made the route from it, so a miss is a bug. */
function found<T>(value: T | undefined, what: string, path: string): T {
  if (value === undefined) throw new Error(`internal error: no ${what} for the route ${path}`);
  return value;
}

/** One lookup table per content model and kind (the model is immutable): a route's source in constant time. */
function byRoute<T>(entries: (model: ContentModel) => Iterable<[string, T]>): (model: ContentModel) => Map<string, T> {
  const tables = new WeakMap<ContentModel, Map<string, T>>();
  return (model) => {
    let table = tables.get(model);
    if (!table) {
      table = new Map(entries(model));
      tables.set(model, table);
    }
    return table;
  };
}

const docs = byRoute((model) => model.docs.map((doc): [string, Doc] => [doc.route, doc]));
const posts = byRoute((model) =>
  model.posts.map((post, index): [string, { post: BlogPost; index: number }] => [post.route, { post, index }]),
);
const pages = byRoute((model) => model.pages.map((page): [string, Page] => [page.route, page]));

export const docAt = (model: ContentModel, path: string) => found(docs(model).get(path), 'doc', path);

/** A blog post and its place in the list of posts, newest first. */
export const postAt = (model: ContentModel, path: string) => found(posts(model).get(path), 'blog post', path);

export const pageAt = (model: ContentModel, path: string) => found(pages(model).get(path), 'page', path);

export const docsHomeAt = (model: ContentModel, path: string) => found(model.docsHome, 'docs home page', path);

export const generatedIndexAt = (model: ContentModel, path: string) =>
  found(model.sidebars.generatedIndexes.get(path), 'generated category index', path);

/** How each page stands against its upstream: the status page exists only when the build was given it. */
export const translationsAt = (model: ContentModel, path: string) =>
  found(model.translations, 'translation status', path);

export const blogListAt = (model: ContentModel, path: string) =>
  found(
    model.blogPages.find((list) => list.route === path),
    'blog list page',
    path,
  );
