import type { PostSummary } from '../src/shared/route-data';
import { Avatar } from './Avatar';
import { safeUrl } from './safe-url';
import { useText } from './text';

/** A post's date, reading time and authors. */
export function PostMeta({ post }: { post: PostSummary }) {
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

/** A post's tags. */
export function Tags({ tags }: { tags: string[] }) {
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
