import { Children, createContext, isValidElement, type ReactElement, type ReactNode, useContext } from 'react';
import { admonitionTitles } from '../../src/shared/admonitions';
import { safeUrl } from '../safe-url';

/** Gives each `<Tabs>` of one page its own ids; a fresh one is provided for every page compiled. */
export const IdsContext = createContext<() => number>(() => 0);

/** A counter for `IdsContext`: 1, 2, 3… for the tabs of one page, in document order. */
export function createIds(): () => number {
  let last = 0;
  return () => ++last;
}

interface TabItemProps {
  value: string;
  label?: string;
  children?: ReactNode;
}

/** A tab inside `<Tabs>`; rendered by its parent. */
export function TabItem({ children }: TabItemProps) {
  return children;
}

/** The MDX form of tabs; markup identical to the `::::tabs` directive so one client script serves both. */
export function Tabs({
  groupId,
  queryString,
  children,
}: {
  groupId?: string;
  /** As in Docusaurus: the chosen tab also goes in the URL, under this name (`true`: the groupId). */
  queryString?: string | boolean;
  children?: ReactNode;
}) {
  const items = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => isValidElement(c));
  const uid = `mdx-tabs-${useContext(IdsContext)()}`;
  const query = queryString === true ? groupId : queryString || undefined;
  return (
    <div className="tabs" data-group-id={groupId} data-query-string={query}>
      <div role="tablist" className="tabs-list">
        {items.map((item, i) => (
          <button
            key={item.props.value}
            type="button"
            role="tab"
            id={`${uid}-tab-${i}`}
            aria-selected={i === 0 ? 'true' : 'false'}
            aria-controls={`${uid}-panel-${i}`}
            tabIndex={i === 0 ? 0 : -1}
            data-value={item.props.value}
          >
            {item.props.label ?? item.props.value}
          </button>
        ))}
      </div>
      {items.map((item, i) => (
        <div
          key={item.props.value}
          role="tabpanel"
          id={`${uid}-panel-${i}`}
          aria-labelledby={`${uid}-tab-${i}`}
          data-value={item.props.value}
          hidden={i !== 0}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes a panel focusable.
          tabIndex={0}
        >
          {item.props.children}
        </div>
      ))}
    </div>
  );
}

/** `<Admonition type="tip" title="…">` for MDX pages that prefer a component to `:::tip`. */
export function Admonition({
  type = 'note',
  title,
  children,
}: {
  type?: string;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`admonition admonition-${type}`} role="note">
      <p className="admonition-heading">{title ?? admonitionTitles[type] ?? type}</p>
      <div className="admonition-content">{children}</div>
    </div>
  );
}

/** Cards of the current category's pages: replaced at render time, like `::doc-card-list`. */
export function DocCardList() {
  return <div data-docs-it-card-list="" />;
}

/** The site's base URL while a page is rendered: `<Link to="/x">` points under it, as in Docusaurus. */
export const BaseUrlContext = createContext('/');

/** Docusaurus's `<Link to="/docs/x">` (or `href`): a site path gets the base URL, other URLs stay as written. */
export function Link({ to, href, children }: { to?: string; href?: string; children?: ReactNode }) {
  const base = useContext(BaseUrlContext);
  const target = to ?? href ?? '#';
  const url =
    target.startsWith('/') && !target.startsWith('//') && !target.startsWith(base) ? base + target.slice(1) : target;
  return <a href={safeUrl(url)}>{children}</a>;
}

/** Docusaurus's `<Details summary="…">`: a native disclosure. */
export function Details({ summary, children }: { summary?: ReactNode; children?: ReactNode }) {
  return (
    <details>
      {summary !== undefined && <summary>{summary}</summary>}
      {children}
    </details>
  );
}

/** A highlighted code block of an MDX page: the same markup `.md` pages get (see rehype-code). */
export function CodeBlockHtml({ className, lang, html }: { className: string; lang?: string; html: string }) {
  return <div className={className} data-lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}

export const mdxComponents = { Tabs, TabItem, Admonition, DocCardList, CodeBlockHtml, Link, Details };
