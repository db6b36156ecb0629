import type { DocProps } from '../src/shared/route-data';
import type { NavLink } from '../src/shared/sidebar';
import { icons } from './icons';
import { safeUrl } from './safe-url';
import { Toc, TocMobile } from './Toc';
import { TranslationNotice } from './Translations';
import { Translated, useText } from './text';
import { overridable } from './theme-components';

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

/** The end of a page: "edit this page" and when it was last changed, when the site gives them. */
export function PageMeta({ editUrl, lastUpdate }: { editUrl?: string; lastUpdate?: DocProps['lastUpdate'] }) {
  const { t, date } = useText();
  if (!editUrl && !lastUpdate) return null;
  return (
    <footer className="page-meta">
      {editUrl ? (
        <a className="edit-link" href={safeUrl(editUrl)} target="_blank" rel="noopener noreferrer">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path fill="currentColor" d={icons.edit} />
          </svg>
          {t('theme.common.editThisPage')}
        </a>
      ) : null}
      {lastUpdate ? (
        <span className="last-update">
          <Translated
            text={t('theme.lastUpdated.lastUpdatedAtBy')}
            parts={{
              atDate: lastUpdate.date ? (
                <Translated
                  text={t('theme.lastUpdated.atDate')}
                  parts={{ date: <time dateTime={lastUpdate.date}>{date(lastUpdate.date)}</time> }}
                />
              ) : null,
              byUser: lastUpdate.author ? t('theme.lastUpdated.byUser', { user: lastUpdate.author }) : null,
            }}
          />
        </span>
      ) : null}
    </footer>
  );
}

/** The end of a doc page (Docusaurus's `DocItem/Footer`), which a site may override. */
const DocItemFooter = overridable('DocItem/Footer', PageMeta);

/** A documentation page: breadcrumbs, title, content, prev/next and the table of contents. */
export function DocPage({ page, docsHome }: { page: DocProps; docsHome: string }) {
  const { t } = useText();
  return (
    <div className="doc-page">
      <div className="doc-main">
        <Breadcrumbs items={page.breadcrumbs} home={docsHome} />
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
