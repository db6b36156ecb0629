import type { BlogArchiveProps, BlogListProps, BlogPostProps } from '../src/shared/route-data';
import { Pager } from './DocPage';
import { Toc } from './Toc';
import { useText } from './text';
import { BlogPostItem } from './theme/BlogPostItem';
import { DocItemFooterOriginal } from './theme/DocItem/Footer';

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
        {/* The theme's doc footer, whatever the site overrides: the post's edit link. */}
        <DocItemFooterOriginal editUrl={page.editUrl} />
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
