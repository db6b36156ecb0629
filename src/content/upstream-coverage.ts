import type { ContentModel } from './build-content-model';

/** Content files of pages that do not say which upstream page they follow (no `upstream` key), sorted. */
export function pagesWithoutUpstream(model: ContentModel): string[] {
  const sources = [
    ...model.docs,
    ...(model.docsHome ? [model.docsHome] : []),
    ...model.posts,
    ...model.pages,
    ...(model.notFoundPage ? [model.notFoundPage] : []),
  ].map((p) => p.source);
  return sources
    .filter((s) => (s.frontMatter as { upstream?: unknown }).upstream === undefined)
    .map((s) => s.file)
    .sort();
}
