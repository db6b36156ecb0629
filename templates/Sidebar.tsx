import { type CSSProperties, useContext, useEffect, useRef, useState } from 'react';
import type { ShownSidebarItem, SidebarItem } from '../src/shared/sidebar';
import { containsPath, type ShownSidebarCategory } from '../src/shared/sidebar';
import { useCollapse } from './collapse';
import { FragmentCacheContext } from './fragments';
import { SidebarPartContext } from './sidebar-parts';
import { InterfaceTextContext, useText } from './text';

interface SidebarProps {
  items: ShownSidebarItem[];
  path: string;
  /** Render the children of collapsed categories (hidden) too: small sidebars work without JavaScript. */
  renderCollapsed: boolean;
}

/** An id-safe form of a label. */
function slugOf(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

function Category({
  item,
  path,
  renderCollapsed,
  level,
  index,
}: {
  item: ShownSidebarCategory;
  path: string;
  renderCollapsed: boolean;
  level: number;
  index: number;
}) {
  const { t } = useText();
  const active = containsPath(item, path);
  const [expanded, setExpanded] = useState(!item.collapsed || active);
  const list = useRef<HTMLDivElement>(null);
  // The current page's category opens when a reader navigates into it.
  useEffect(() => {
    if (active) setExpanded(true);
  }, [active]);
  useCollapse(list, expanded);
  // A large sidebar's category whose items are in a part file of their own: loaded once it opens.
  const loadPart = useContext(SidebarPartContext);
  const [loaded, setLoaded] = useState<{ part: number; items: SidebarItem[] }>();
  const part = item.part;
  useEffect(() => {
    if (!expanded || part === undefined || !loadPart || loaded?.part === part) return;
    let live = true;
    loadPart(part).then(
      (items) => live && setLoaded({ part, items }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [expanded, part, loadPart, loaded]);
  const items = part !== undefined && loaded?.part === part ? loaded.items : item.items;
  const current = item.href === path;
  const listId = `cat-${level}-${index}-${slugOf(item.label)}`;
  const showChildren = expanded || renderCollapsed;
  const toggle = () => setExpanded((e) => !e);
  return (
    <li
      className={`menu-item menu-category${expanded ? '' : ' collapsed'}${item.className ? ` ${item.className}` : ''}`}
    >
      <div className="menu-category-header">
        {item.collapsible === false ? (
          // Always open: a label (or the category's page), no toggle.
          item.href ? (
            <a
              className={`menu-link${current ? ' active' : ''}`}
              href={item.href}
              aria-current={current ? 'page' : undefined}
            >
              {item.label}
            </a>
          ) : (
            <span className="menu-link menu-label menu-label-static">{item.label}</span>
          )
        ) : item.href ? (
          <>
            <a
              className={`menu-link${current ? ' active' : ''}`}
              href={item.href}
              aria-current={current ? 'page' : undefined}
            >
              {item.label}
            </a>
            <button
              type="button"
              className="menu-caret"
              aria-expanded={expanded ? 'true' : 'false'}
              aria-controls={listId}
              aria-label={t(
                expanded
                  ? 'theme.DocSidebarItem.collapseCategoryAriaLabel'
                  : 'theme.DocSidebarItem.expandCategoryAriaLabel',
                { label: item.label },
              )}
              onClick={toggle}
            />
          </>
        ) : (
          // A category without a page is one control: its label is the toggle, and the caret is drawn by CSS
          // (a second button would be a duplicate tab stop announcing the same thing).
          <button
            type="button"
            className="menu-link menu-label"
            aria-expanded={expanded ? 'true' : 'false'}
            aria-controls={listId}
            onClick={toggle}
          >
            {item.label}
          </button>
        )}
      </div>
      <div ref={list} id={listId} className="menu-category-items" hidden={!expanded}>
        {showChildren ? <Items items={items} path={path} renderCollapsed={renderCollapsed} level={level + 1} /> : null}
      </div>
    </li>
  );
}

function Items({ items, path, renderCollapsed, level }: SidebarProps & { level: number }) {
  const fragments = useContext(FragmentCacheContext);
  const text = useContext(InterfaceTextContext);
  let position = 0;
  return (
    <ul className={`menu-list${level > 1 ? ' menu-sublist' : ''}`}>
      {items.map((item) => {
        // Positions count the items a gap stands for: an item keeps its key and ids when the gap is filled in.
        const i = position;
        position += item.type === 'gap' ? item.items : 1;
        if (item.type === 'gap') {
          // Rows left out of a large sidebar's page, kept at their height until the whole sidebar arrives.
          const style = { '--rows': item.rows } as CSSProperties;
          return <li key={`gap-${i}`} className="menu-gap" aria-hidden="true" style={style} />;
        }
        if (item.type === 'category') {
          const key = `${item.label}-${i}`;
          // A closed category away from the current page looks the same on every page (with its hidden links on
          // a small sidebar, rendered whole): the server renders it once per build (its markup does not depend on
          // the page).
          if (fragments && item.collapsed && !containsPath(item, path)) {
            // Rendered on its own, outside the page's tree: it gets the page's interface strings itself.
            return fragments.placeholder(item, `${level}-${i}-${renderCollapsed}`, key, () => (
              <InterfaceTextContext.Provider value={text}>
                <Category item={item} path="" renderCollapsed={renderCollapsed} level={level} index={i} />
              </InterfaceTextContext.Provider>
            ));
          }
          return (
            <Category key={key} item={item} path={path} renderCollapsed={renderCollapsed} level={level} index={i} />
          );
        }
        const current = item.href === path;
        return (
          <li key={item.href} className={`menu-item${item.className ? ` ${item.className}` : ''}`}>
            <a
              className={`menu-link${current ? ' active' : ''}`}
              href={item.href}
              aria-current={current ? 'page' : undefined}
            >
              {item.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** The docs sidebar: the current page highlighted, its categories expanded. */
export function Sidebar(props: SidebarProps) {
  const { t } = useText();
  return (
    <nav className="docs-sidebar-menu" aria-label={t('theme.docs.sidebar.navAriaLabel')}>
      <Items {...props} level={1} />
    </nav>
  );
}
