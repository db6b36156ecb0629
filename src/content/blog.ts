import { DocsItError, type ErrorCollector } from '../errors';
import { joinRoute } from '../shared/urls';
import type { Author, BlogPost } from './content-types';
import { type BlogFrontMatter, yamlFileData } from './front-matter';
import { pageTitleOf } from './page-heading';
import { stripExtension } from './paths';
import type { ParsedSource } from './source-file';

/**
 * Reads `authors.yml`: a map of author keys to name, title, url and image_url. `readYaml` gives the file's YAML value
 * (the pipeline passes one its cache keeps).
 */
export function parseAuthors(
  file: { file: string; text: string } | undefined,
  errors: ErrorCollector,
  readYaml: (file: { file: string; text: string }) => unknown = yamlFileData,
): Map<string, Author> {
  const authors = new Map<string, Author>();
  if (!file) return authors;
  let data: unknown;
  try {
    data = readYaml(file);
  } catch (error) {
    const pos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    errors.add(
      new DocsItError(
        `invalid YAML: ${(error as Error).message.split('\n')[0]}`,
        { file: file.file, line: pos?.line, column: pos?.col },
        'Fix the YAML syntax of the authors file.',
      ),
    );
    return authors;
  }
  if (typeof data !== 'object' || data === null) return authors;
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const v = value as Record<string, unknown> | null;
    if (!v || typeof v.name !== 'string') {
      const line = file.text.split('\n').findIndex((l) => l.startsWith(`${key}:`)) + 1;
      errors.add(
        new DocsItError(
          `author "${key}" has no name`,
          { file: file.file, line: line || 1, column: 1 },
          'Give every author at least `name:`.',
        ),
      );
      continue;
    }
    const author: Author = { key, name: v.name };
    if (typeof v.title === 'string') author.title = v.title;
    if (typeof v.url === 'string') author.url = v.url;
    if (typeof v.image_url === 'string') {
      author.imageUrl = v.image_url;
      const line = file.text
        .split('\n')
        .findIndex((l) => /^\s*image_url:/.test(l) && l.includes(v.image_url as string));
      author.imageFrom = { file: file.file, line: line + 1 || 1 };
    }
    authors.set(key, author);
  }
  return authors;
}

const fileNamePattern = /^(?:.*\/)?(\d{4})-(\d{2})-(\d{2})-(.+?)(?:\/index)?$/;

/** Blog posts from `content/blog`, newest first; date and slug come from the file name or the front matter. */
export function buildBlogPosts(
  sources: ParsedSource[],
  blogBase: string,
  authors: Map<string, Author>,
  errors: ErrorCollector,
): BlogPost[] {
  const posts: BlogPost[] = [];
  for (const source of sources) {
    const fm = source.frontMatter as BlogFrontMatter;
    if (fm.draft) continue;
    const name = stripExtension(source.relPath);
    const match = fileNamePattern.exec(name);
    let date: string | undefined;
    if (fm.date !== undefined)
      date = fm.date instanceof Date ? fm.date.toISOString().slice(0, 10) : fm.date.slice(0, 10);
    else if (match) date = `${match[1]}-${match[2]}-${match[3]}`;
    if (!date || Number.isNaN(Date.parse(date))) {
      errors.add(
        new DocsItError(
          'the post has no valid date',
          { file: source.file, line: source.keyLines.date ?? 1, column: 1 },
          'Name the file YYYY-MM-DD-slug.md or add `date: YYYY-MM-DD` to the front matter.',
        ),
      );
      continue;
    }
    const slug = fm.slug?.replace(/^\//, '') ?? match?.[4] ?? name.replace(/\/index$/, '');
    const titled = pageTitleOf(source, 'post', errors);
    if (!titled) continue;
    const { title, heading } = titled;
    const refs = fm.authors === undefined ? [] : Array.isArray(fm.authors) ? fm.authors : [fm.authors];
    const postAuthors: Author[] = [];
    for (const ref of refs) {
      if (typeof ref === 'string') {
        const author = authors.get(ref);
        if (author) postAuthors.push(author);
        else
          errors.add(
            new DocsItError(
              `unknown author "${ref}"`,
              { file: source.file, line: source.keyLines.authors ?? 1, column: 1 },
              `Add "${ref}" to content/blog/authors.yml or fix the key.`,
            ),
          );
      } else {
        postAuthors.push({
          key: ref.name,
          name: ref.name,
          title: ref.title,
          url: ref.url,
          imageUrl: ref.image_url,
          imageFrom: { file: source.file, line: source.keyLines.authors ?? 1 },
        });
      }
    }
    // As Docusaurus makes a post's URL: its `slug`, else the date and name of a dated file name
    // (`2024-11-02-benvenuti.md` → `2024/11/02/benvenuti`), else the file's path (`releases/10.26.md`).
    const [y, m, d] = (match ? `${match[1]}-${match[2]}-${match[3]}` : date).split('-') as [string, string, string];
    const route = fm.slug !== undefined || !match ? joinRoute(blogBase, slug) : joinRoute(blogBase, y, m, d, slug);
    posts.push({
      source,
      frontMatter: fm,
      title,
      date,
      slug,
      route,
      authors: postAuthors,
      tags: fm.tags ?? [],
      ...(heading ? { titleLine: heading.line } : {}),
    });
  }
  // Newest first; same-day posts by slug so the order is stable.
  return posts.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.slug < b.slug ? -1 : 1));
}

export interface BlogListPage {
  route: string;
  page: number;
  totalPages: number;
  posts: BlogPost[];
  prevHref?: string;
  nextHref?: string;
}

/** Splits posts into list pages: `/blog`, `/blog/page/2`, … */
export function paginateBlog(posts: BlogPost[], blogBase: string, perPage: number): BlogListPage[] {
  const listed = posts.filter((p) => !p.frontMatter.unlisted);
  const totalPages = Math.max(1, Math.ceil(listed.length / perPage));
  const routeOf = (page: number) => (page === 1 ? blogBase : joinRoute(blogBase, 'page', String(page)));
  return Array.from({ length: totalPages }, (_, i) => {
    const page = i + 1;
    const entry: BlogListPage = {
      route: routeOf(page),
      page,
      totalPages,
      posts: listed.slice(i * perPage, page * perPage),
    };
    if (page > 1) entry.prevHref = routeOf(page - 1);
    if (page < totalPages) entry.nextHref = routeOf(page + 1);
    return entry;
  });
}

/** Posts grouped by year, newest year first. */
export function archiveByYear(posts: BlogPost[]): { year: string; posts: BlogPost[] }[] {
  const years = new Map<string, BlogPost[]>();
  for (const post of posts) {
    if (post.frontMatter.unlisted) continue;
    const year = post.date.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), post]);
  }
  return [...years.entries()].map(([year, list]) => ({ year, posts: list }));
}
