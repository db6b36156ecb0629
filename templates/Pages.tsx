import type { DocsHomeProps, HomeProps, PageProps, ReleasesProps } from '../src/shared/route-data';
import { safeUrl } from './safe-url';
import { Toc } from './Toc';
import { TranslationNotice } from './Translations';
import { useText } from './text';

/** The landing page: a hero with calls to action, then the page's own content. */
export function Home({ page }: { page: HomeProps }) {
  return (
    <div className="home">
      {page.hero ? (
        <header className="hero">
          <div className="container">
            <h1 className="hero-title">{page.hero.title}</h1>
            <p className="hero-tagline">{page.hero.tagline}</p>
            <div className="hero-actions">
              {page.hero.actions.map((action) => (
                <a key={action.href} className={`button button-${action.variant}`} href={safeUrl(action.href)}>
                  {action.label}
                </a>
              ))}
            </div>
          </div>
        </header>
      ) : (
        <h1 className="visually-hidden">{page.title}</h1>
      )}
      <div className="container markdown home-content" dangerouslySetInnerHTML={{ __html: page.contentHtml }} />
    </div>
  );
}

/** A standalone page (about pages): title, content and table of contents. */
export function Page({ page }: { page: PageProps }) {
  return (
    <div className="doc-page page-standalone">
      <div className="doc-main">
        <article className="markdown">
          {page.hideTitle ? null : <h1>{page.title}</h1>}
          <TranslationNotice notice={page.translation} />
          <div className="content" dangerouslySetInnerHTML={{ __html: page.contentHtml }} />
        </article>
      </div>
      <aside className="doc-toc">
        <Toc items={page.toc} />
      </aside>
    </div>
  );
}

/** The docs home: its text, then one card per sidebar with its first pages. */
export function DocsHome({ page }: { page: DocsHomeProps }) {
  return (
    <div className="container docs-home">
      <article className="markdown">
        <h1>{page.title}</h1>
        <div className="content" dangerouslySetInnerHTML={{ __html: page.contentHtml }} />
      </article>
      <div className="card-grid docs-home-sections">
        {page.sections.map((section) => (
          <section key={section.sidebarId} className="card">
            <h2 className="card-title">
              <a href={section.href}>{section.label}</a>
            </h2>
            {section.description ? <p>{section.description}</p> : null}
            <ul>
              {section.items.map((item) => (
                <li key={item.href}>
                  <a href={item.href}>{item.label}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

/** Release notes: the intro text, then each package's versions, newest first. */
export function Releases({ page }: { page: ReleasesProps }) {
  const { date } = useText();
  return (
    <div className="doc-page page-standalone">
      <div className="doc-main">
        <article className="markdown">
          <h1>{page.title}</h1>
          <div className="content" dangerouslySetInnerHTML={{ __html: page.contentHtml }} />
          {page.packages.map((pkg) => (
            <section key={pkg.id} className="release-package">
              <h2 id={pkg.id}>
                <code>{pkg.name}</code>
              </h2>
              {pkg.releases.map((release) => (
                <div key={release.version} className="release">
                  <h3 id={`${pkg.id}-${release.version.replace(/\./g, '-')}`}>
                    {release.version}{' '}
                    <small>
                      – <time dateTime={release.date}>{date(release.date)}</time>
                    </small>
                  </h3>
                  <ul>
                    {release.highlightsHtml.map((html) => (
                      <li key={html} dangerouslySetInnerHTML={{ __html: html }} />
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          ))}
        </article>
      </div>
      <aside className="doc-toc">
        <Toc items={page.packages.map((p) => ({ id: p.id, value: p.name, level: 2 }))} />
      </aside>
    </div>
  );
}
