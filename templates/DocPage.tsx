import type { DocProps } from '../src/shared/route-data';
import type { NavLink } from '../src/shared/sidebar';
import { icons } from './icons';
import { Toc, TocMobile } from './Toc';
import { TranslationNotice } from './Translations';
import { useText } from './text';
import { DocItemFooter } from './theme/DocItem/Footer';

function Breadcrumbs({ items, home }: { items: DocProps['breadcrumbs']; home: string }) {
  const { t } = useText();
  if (items.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('theme.docs.breadcrumbs.navAriaLabel')}>
      <ol>
        <li>
          {/* biome-ignore lint/a11y/useAnchorContent: aria-label names the link; the icon inside is decorative. */}
          <a href={home} aria-label={t('theme.docs.breadcrumbs.home')}>
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
              <path fill="currentColor" d={icons.home} />
            </svg>
          </a>
        </li>
        {items.map((crumb, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a trail is replaced whole; a crumb is its position in it.
          <li key={i}>
            {crumb.href && i < items.length - 1 ? (
              <a href={crumb.href}>{crumb.label}</a>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined}>{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Previous and next pages (`labels`: what each link's small line says, and the whole navigation's name). */
export function Pager({
  prev,
  next,
  labels,
}: {
  prev?: NavLink;
  next?: NavLink;
  labels: { nav: string; prev: string; next: string };
}) {
  if (!prev && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={labels.nav}>
      {prev ? (
        <a className="pagination-link pagination-prev" href={prev.href} rel="prev">
          <span className="pagination-sublabel">{labels.prev}</span>
          <span className="pagination-label">« {prev.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="pagination-link pagination-next" href={next.href} rel="next">
          <span className="pagination-sublabel">{labels.next}</span>
          <span className="pagination-label">{next.title} »</span>
        </a>
      ) : null}
    </nav>
  );
}

/** A documentation page: breadcrumbs, title, content, prev/next and the table of contents. */
export function DocPage({ page, docsHome }: { page: DocProps; docsHome: string }) {
  const { t } = useText();
  return (
    <div className="doc-page">
      <div className="doc-main">
        {page.hideBreadcrumbs ? null : <Breadcrumbs items={page.breadcrumbs} home={docsHome} />}
        <TocMobile items={page.toc} />
        <article className="markdown">
          {page.hideTitle ? null : <h1>{page.title}</h1>}
          <TranslationNotice notice={page.translation} />
          <div className="content" dangerouslySetInnerHTML={{ __html: page.contentHtml }} />
        </article>
        <DocItemFooter editUrl={page.editUrl} lastUpdate={page.lastUpdate} />
        <Pager
          prev={page.prev}
          next={page.next}
          labels={{
            nav: t('theme.docs.paginator.navAriaLabel'),
            prev: t('theme.docs.paginator.previous'),
            next: t('theme.docs.paginator.next'),
          }}
        />
      </div>
      <aside className="doc-toc">
        <Toc items={page.toc} />
      </aside>
    </div>
  );
}
