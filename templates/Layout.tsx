import type { ReactNode } from 'react';
import { SmartLink } from './Link';
import { MobileMenu, Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import type { SidebarItem, SiteChrome } from './types';

function AnnouncementBar({ bar }: { bar: NonNullable<SiteChrome['announcementBar']> }) {
  return (
    <div className="announcement-bar" role="banner" data-announcement-id={bar.id} style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
      {/* The content is maintainer-written HTML from site.config.ts. */}
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button type="button" className="announcement-close" aria-label="Chiudi" data-announcement-close="">
          ×
        </button>
      ) : null}
    </div>
  );
}

function Footer({ footer }: { footer: SiteChrome['footer'] }) {
  return (
    <footer className="footer">
      <div className="container footer-columns">
        {footer.columns.map((column) => (
          <div key={column.title} className="footer-column">
            <p className="footer-title">{column.title}</p>
            <ul>
              {column.items.map((item) => (
                <li key={item.label}>
                  <SmartLink item={item} className="footer-link" />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="footer-copyright">{footer.copyright}</p>
    </footer>
  );
}

interface LayoutProps {
  chrome: SiteChrome;
  path: string;
  sidebar?: SidebarItem[];
  renderCollapsed: boolean;
  /** Full-width pages (home) drop the container padding. */
  wide?: boolean;
  children: ReactNode;
}

/** The frame of every page: skip link, bars, navbar, the docs sidebar when there is one, main, footer. */
export function Layout({ chrome, path, sidebar, renderCollapsed, children }: LayoutProps) {
  const sidebarTree = sidebar ? <Sidebar items={sidebar} path={path} renderCollapsed={renderCollapsed} /> : undefined;
  return (
    <>
      <a className="skip-link" href="#contenuto">
        Vai al contenuto principale
      </a>
      <div className="translation-bar" role="note">
        {chrome.translationNotice}
      </div>
      {chrome.announcementBar ? <AnnouncementBar bar={chrome.announcementBar} /> : null}
      <Navbar chrome={chrome} path={path} hasSecondaryMenu={!!sidebar} />
      <MobileMenu chrome={chrome} path={path} hasSecondary={!!sidebar} />
      <div className={`main-wrapper${sidebar ? ' has-sidebar' : ''}`}>
        {sidebarTree ? <aside className="docs-sidebar">{sidebarTree}</aside> : null}
        <main id="contenuto" tabIndex={-1}>
          {children}
        </main>
      </div>
      <Footer footer={chrome.footer} />
    </>
  );
}
