import {
  Children,
  createContext,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useState,
} from 'react';
import { admonitionMarkup, admonitionOf } from '../../src/shared/admonitions';
import { type BuiltinModule, builtinModules } from '../../src/shared/builtin-modules';
import { safeUrl } from '../safe-url';
import { useText } from '../text';
import { BaseUrlContext } from './contexts';
import {
  ExecutionEnvironment,
  Head,
  ThemeClassNames,
  useColorMode,
  useCurrentSidebarCategory,
  useDocusaurusContext,
} from './docusaurus-modules';

// Docusaurus's modules of the site's context, exported here too: the browser bundle takes every built-in
// module from this file (see bundle-client).
export {
  ExecutionEnvironment,
  Head,
  ThemeClassNames,
  useColorMode,
  useCurrentSidebarCategory,
  useDocusaurusContext,
} from './docusaurus-modules';

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
  /** Docusaurus: the tab shown first (else the first one). */
  default?: boolean;
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
  defaultValue,
  values,
  children,
}: {
  groupId?: string;
  /** As in Docusaurus: the chosen tab also goes in the URL, under this name (`true`: the groupId). */
  queryString?: string | boolean;
  /** Docusaurus: the value of the tab shown first. */
  defaultValue?: string;
  /** Docusaurus's older way to label the tabs: `[{label, value}]`. */
  values?: { label: string; value: string }[];
  children?: ReactNode;
}) {
  const items = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => isValidElement(c));
  const uid = `mdx-tabs-${useContext(IdsContext)()}`;
  const wanted = items.findIndex((item) =>
    defaultValue === undefined ? item.props.default : item.props.value === defaultValue,
  );
  const first = Math.max(0, wanted);
  const labelOf = (item: ReactElement<TabItemProps>) =>
    item.props.label ?? values?.find((v) => v.value === item.props.value)?.label ?? item.props.value;
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
            aria-selected={i === first ? 'true' : 'false'}
            aria-controls={`${uid}-panel-${i}`}
            tabIndex={i === first ? 0 : -1}
            data-value={item.props.value}
          >
            {labelOf(item)}
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
          hidden={i !== first}
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
  const { t } = useText();
  const admonition = admonitionOf(type);
  const { box, heading, content } = admonitionMarkup(admonition?.kind ?? type);
  const defaultTitle = !admonition ? type : 'id' in admonition.title ? t(admonition.title.id) : admonition.title.text;
  return (
    <box.tagName className={box.className.join(' ')} role={box.role}>
      <heading.tagName className={heading.className.join(' ')}>{title ?? defaultTitle}</heading.tagName>
      <content.tagName className={content.className.join(' ')}>{children}</content.tagName>
    </box.tagName>
  );
}

/**
 * Cards of the current category's pages: replaced at render time, like `::doc-card-list`. Docusaurus's
 * `items` (`useCurrentSidebarCategory().items`) are those same cards, so the list is the category's either way.
 */
export function DocCardList(_props: { items?: unknown }) {
  return <div data-docs-it-card-list="" />;
}

/** A TOC item as MDX pages export it in `toc` (see rehype-mdx-exports), as Docusaurus's do. */
interface TocEntry {
  value: string;
  id: string;
  level: number;
}

/** Docusaurus's `<TOCInline toc={toc} />`: the page's headings as nested links, within the levels asked for. */
export function TOCInline({
  toc,
  minHeadingLevel = 2,
  maxHeadingLevel = 3,
}: {
  toc: readonly TocEntry[];
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
}) {
  const items = toc.filter((item) => item.level >= minHeadingLevel && item.level <= maxHeadingLevel);
  /** The items from `start` on at `level` or deeper, each with its deeper ones nested inside it. */
  const list = (start: number, level: number): [ReactNode, number] => {
    const children: ReactNode[] = [];
    let i = start;
    while (i < items.length && items[i]!.level >= level) {
      const item = items[i]!;
      const [nested, next] =
        items[i + 1] && items[i + 1]!.level > item.level ? list(i + 1, items[i + 1]!.level) : [null, i + 1];
      children.push(
        <li key={item.id}>
          <a href={`#${item.id}`}>{item.value}</a>
          {nested}
        </li>,
      );
      i = next;
    }
    return [<ul key={start}>{children}</ul>, i];
  };
  return <div className="toc-inline">{items.length > 0 ? list(0, items[0]!.level)[0] : null}</div>;
}

export { BaseUrlContext };

/** Docusaurus's `<Link to="/docs/x">` (or `href`): a site path gets the base URL, other URLs stay as written. */
export function Link({ to, href, children }: { to?: string; href?: string; children?: ReactNode }) {
  const url = useBaseUrl(to ?? href ?? '#');
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

/** Docusaurus's `useBaseUrl('/img/x.png')`: a site path under the base URL (URLs and `#…` stay as written). */
export function useBaseUrl(url: string, options: { forcePrependBaseUrl?: boolean } = {}): string {
  return withBaseUrl(useContext(BaseUrlContext), url, options.forcePrependBaseUrl);
}

function withBaseUrl(base: string, url: string, force = false): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  return !force && url.startsWith(base) ? url : base + url.slice(1);
}

/** Docusaurus's `useBaseUrlUtils()`, for components that compute several URLs. */
export function useBaseUrlUtils() {
  const base = useContext(BaseUrlContext);
  return {
    withBaseUrl: (url: string, options: { forcePrependBaseUrl?: boolean } = {}) =>
      withBaseUrl(base, url, options.forcePrependBaseUrl),
  };
}

/**
 * Docusaurus's `<BrowserOnly fallback={…}>{() => …}</BrowserOnly>`: the server renders the fallback, the
 * browser the children once the component has hydrated (inside a component of the site's components module).
 */
export function BrowserOnly({ children, fallback }: { children?: () => ReactNode; fallback?: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <>{mounted && typeof children === 'function' ? children() : (fallback ?? null)}</>;
}

/**
 * Docusaurus's `<CodeBlock language="rust" title="…">`: in a page it becomes a fenced block before compiling
 * (highlighted like every other, see remark-code-block-component); this renders what is left, code a component
 * computes, as a plain block with the same frame.
 */
export function CodeBlock({
  children,
  language,
  title,
}: {
  children?: ReactNode;
  language?: string;
  title?: string;
  showLineNumbers?: boolean;
}) {
  return (
    <div className={`code-block${title ? ' has-title' : ''}`} data-lang={language}>
      {title && <div className="code-title">{title}</div>}
      <pre className="shiki">
        <code>{typeof children === 'string' ? children.replace(/\n$/, '') : children}</code>
      </pre>
    </div>
  );
}

/**
 * A diagram written in Mermaid's language (a ` ```mermaid ` fence, or Docusaurus's `<Mermaid value="…" />`):
 * its source, which the browser replaces with the drawing (src/client/diagrams.ts) in the page's colour mode.
 */
export function Mermaid({ value, chart }: { value?: string; chart?: string }) {
  return (
    <div className="mermaid-diagram">
      <pre className="mermaid-source">{(value ?? chart ?? '').trim()}</pre>
    </div>
  );
}

/** A highlighted code block of an MDX page: the same markup `.md` pages get (see rehype-code). */
export function CodeBlockHtml({ className, lang, html }: { className: string; lang?: string; html: string }) {
  return <div className={className} data-lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}

const implementations = {
  useCurrentSidebarCategory,
  useDocusaurusContext,
  Head,
  ExecutionEnvironment,
  useColorMode,
  ThemeClassNames,
  TOCInline,
  Tabs,
  TabItem,
  Admonition,
  DocCardList,
  CodeBlock,
  Details,
  Link,
  useBaseUrl,
  useBaseUrlUtils,
  BrowserOnly,
  Mermaid,
};

export const mdxComponents = {
  TOCInline,
  Tabs,
  TabItem,
  Admonition,
  DocCardList,
  CodeBlockHtml,
  CodeBlock,
  Link,
  Details,
  BrowserOnly,
  Mermaid,
};

/** What each Docusaurus module docs-it provides exports (see src/shared/builtin-modules). */
export const builtinModuleExports = Object.fromEntries(
  Object.entries(builtinModules).map(([spec, names]) => [
    spec,
    Object.fromEntries(
      Object.entries(names).map(([exported, name]) => [
        exported,
        implementations[name as keyof typeof implementations],
      ]),
    ),
  ]),
) as Record<BuiltinModule, Record<string, unknown>>;
