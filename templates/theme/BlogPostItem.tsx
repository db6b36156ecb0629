import type { BlogPostItemProps } from '../../src/shared/theme-components';
import { PostMeta, Tags } from '../PostMeta';
import { TranslationNotice } from '../Translations';
import { useText } from '../text';
import { overridable } from '../theme-components';

/**
 * A post, in a list (title linking to it, its excerpt, "read more") or on its own page (title, its whole text, its
 * tags): Docusaurus's `BlogPostItem`, which a site may override.
 */
function BlogPostItemOriginal({ post, isBlogPostPage, translation, children }: BlogPostItemProps) {
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

export const BlogPostItem = overridable('BlogPostItem', BlogPostItemOriginal);
