import type { RouteProps } from '../src/shared/route-data';
import type { ShownSidebarItem } from '../src/shared/sidebar';
import type { SiteChrome } from '../src/shared/site-chrome';
import { BlogArchive, BlogList, BlogPost } from './Blog';
import { DocPage } from './DocPage';
import { Layout } from './Layout';
import { DocsHome, Home, Page, Releases } from './Pages';
import { TranslationStatus } from './Translations';
import { InterfaceTextContext } from './text';
import { NotFound } from './theme/NotFound';

export interface AppProps {
  chrome: SiteChrome;
  page: RouteProps;
  sidebar?: ShownSidebarItem[];
  renderCollapsed: boolean;
}

function Body({ chrome, page }: { chrome: SiteChrome; page: RouteProps }) {
  switch (page.kind) {
    case 'doc':
      return <DocPage page={page} docsHome={chrome.docsHome} />;
    case 'docs-home':
      return <DocsHome page={page} />;
    case 'blog-list':
      return <BlogList page={page} />;
    case 'blog-post':
      return <BlogPost page={page} />;
    case 'blog-archive':
      return <BlogArchive page={page} />;
    case 'home':
      return <Home page={page} />;
    case 'page':
      return <Page page={page} />;
    case 'releases':
      return <Releases page={page} />;
    case 'translation-status':
      return <TranslationStatus page={page} />;
    case 'not-found':
      return <NotFound page={page} baseUrl={chrome.baseUrl} />;
  }
}

/** The whole page tree, rendered on the server and, later, hydrated in the browser. */
export function App({ chrome, page, sidebar, renderCollapsed }: AppProps) {
  return (
    <InterfaceTextContext.Provider value={chrome.text}>
      <Layout
        chrome={chrome}
        path={page.path}
        sidebarId={page.kind === 'doc' ? page.sidebarId : undefined}
        sidebar={sidebar}
        renderCollapsed={renderCollapsed}
      >
        <Body chrome={chrome} page={page} />
      </Layout>
    </InterfaceTextContext.Provider>
  );
}
