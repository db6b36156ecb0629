import type { BlogArchiveProps, BlogListProps, BlogPostProps, PostSummary } from '../src/shared/route-data';
import type { ThemeComponentProps } from '../src/shared/theme-components';
import { Avatar } from './Avatar';
import { PageMeta, Pager } from './DocPage';
import { safeUrl } from './safe-url';
import { Toc } from './Toc';
import { TranslationNotice } from './Translations';
import { useText } from './text';
import { overridable } from './theme-components';

function RecentPosts({ recent, path }: { recent: { title: string; route: string }[]; path: string }) {
  const { t } = useText();
  return (
    <aside className="blog-sidebar">
      <nav className="blog-sidebar-nav" aria-label={t('theme.blog.sidebar.navAriaLabel')}>
        <p className="blog-sidebar-title">{t('theme.blog.sidebar.title')}</p>
        <ul>
          {recent.map((post) => (
            <li key={post.route}>
              <a
                href={post.route}
                className={post.route === path ? 'active' : undefined}
                aria-current={post.route === path ? 'page' : undefined}
              >
                {post.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

function PostMeta({ post }: { post: PostSummary }) {
  const { plural, date } = useText();
  const reading = plural('theme.blog.post.readingTime.plurals', post.readingMinutes, {
    readingTime: post.readingMinutes,
  });
  return (
    <div className="post-meta">
      <p className="post-date">
        <time dateTime={post.date}>{date(post.date)}</time>
        {` · ${reading}`}
      </p>
      {post.authors.length ? (
        <ul className="post-authors">
          {post.authors.map((author) => (
            <li key={author.name} className="post-author">
              {author.imageUrl ? <Avatar name={author.name} src={author.imageUrl} /> : null}
              <span>
                {author.url ? (
                  <a href={safeUrl(author.url)} target="_blank" rel="noopener noreferrer">
                    {author.name}
                  </a>
                ) : (
                  author.name
                )}
                {author.title ? <small>{author.title}</small> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Tags({ tags }: { tags: string[] }) {
  const { t } = useText();
  if (!tags.length) return null;
  return (
    <ul className="post-tags" aria-label={t('theme.tags.tagsListLabel')}>
      {tags.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}

/**
 * A post, in a list (title linking to it, its excerpt, "read more") or on its own page (title, its whole text, its
 * tags): Docusaurus's `BlogPostItem`, which a site may override.
 */
function BlogPostItemOriginal({ post, isBlogPostPage, translation, children }: ThemeComponentProps['BlogPostItem']) {
  const { t } = useText();
  if (isBlogPostPage)
    return (
      <article className="markdown blog-post">
        <header>
          <h1>{post.title}</h1>
          <PostMeta post={post} />
          <TranslationNotice notice={translation} />
        </header>
        {children}
        <Tags tags={post.tags} />
      </article>
    );
  return (
    <article className="blog-summary">
      <h2>
        <a href={post.route}>{post.title}</a>
      </h2>
      <PostMeta post={post} />
      {children}
      <p>
        <a
          className="read-more"
          href={post.route}
          aria-label={t('theme.blog.post.readMoreLabel', { title: post.title })}
        >
          {t('theme.blog.post.readMore')}
        </a>
      </p>
    </article>
  );
}

const BlogPostItem = overridable('BlogPostItem', BlogPostItemOriginal);

/** A page of the blog list: posts with their excerpts, and links to the other pages. */
export function BlogList({ page }: { page: BlogListProps }) {
  const { t } = useText();
  return (
    <div className="blog-layout">
      <RecentPosts recent={page.recent} path={page.path} />
      <div className="blog-main">
        <h1 className="visually-hidden">{page.title}</h1>
        {page.posts.map((post) => (
          <BlogPostItem key={post.route} post={post} isBlogPostPage={false}>
            <div className="markdown" dangerouslySetInnerHTML={{ __html: post.excerptHtml ?? '' }} />
          </BlogPostItem>
        ))}
        <nav className="pagination-nav" aria-label={t('theme.blog.paginator.navAriaLabel')}>
          {page.prevHref ? (
            <a className="pagination-link pagination-prev" href={page.prevHref} rel="prev">
              <span className="pagination-label">{t('theme.blog.paginator.newerEntries')}</span>
            </a>
          ) : (
            <span />
          )}
          <span className="pagination-count">
            {t('theme.blog.paginator.pageCount', { page: page.page, total: page.totalPages })}
          </span>
          {page.nextHref ? (
            <a className="pagination-link pagination-next" href={page.nextHref} rel="next">
              <span className="pagination-label">{t('theme.blog.paginator.olderEntries')}</span>
            </a>
          ) : (
            <span />
          )}
        </nav>
        <p className="blog-archive-link">
          <a href={`${page.path.replace(/\/page\/\d+$/, '')}/archive`}>{t('theme.blog.archive.linkLabel')}</a>
        </p>
      </div>
    </div>
  );
}

/** One blog post with its metadata, table of contents and newer/older links. */
export function BlogPost({ page }: { page: BlogPostProps }) {
  const { t } = useText();
  return (
    <div className="blog-layout">
      <RecentPosts recent={page.recent} path={page.path} />
      <div className="blog-main">
        <BlogPostItem post={page.post} isBlogPostPage translation={page.translation}>
          <div className="content" dangerouslySetInnerHTML={{ __html: page.contentHtml }} />
        </BlogPostItem>
        <PageMeta editUrl={page.editUrl} />
        <Pager
          prev={page.newer}
          next={page.older}
          labels={{
            nav: t('theme.blog.post.paginator.navAriaLabel'),
            prev: t('theme.blog.post.paginator.newerPost'),
            next: t('theme.blog.post.paginator.olderPost'),
          }}
        />
      </div>
      <aside className="doc-toc">
        <Toc items={page.toc} />
      </aside>
    </div>
  );
}

/** Every post, grouped by year. */
export function BlogArchive({ page }: { page: BlogArchiveProps }) {
  const { date } = useText();
  return (
    <div className="container narrow">
      <h1>{page.title}</h1>
      {page.years.map((year) => (
        <section key={year.year} className="archive-year">
          <h2 id={`anno-${year.year}`}>{year.year}</h2>
          <ul>
            {year.posts.map((post) => (
              <li key={post.route}>
                <time dateTime={post.date}>{date(post.date)}</time> – <a href={post.route}>{post.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
