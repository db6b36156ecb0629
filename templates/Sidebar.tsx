import type { SidebarItem } from './types';

interface SidebarProps {
  items: SidebarItem[];
  path: string;
  /** Render the children of collapsed categories (hidden) too: small sidebars work without JavaScript. */
  renderCollapsed: boolean;
}

function containsPath(item: SidebarItem, path: string): boolean {
  if (item.type === 'link') return item.href === path;
  return item.href === path || item.items.some((child) => containsPath(child, path));
}

function Items({ items, path, renderCollapsed, level }: SidebarProps & { level: number }) {
  return (
    <ul className={`menu-list${level > 1 ? ' menu-sublist' : ''}`}>
      {items.map((item, i) => {
        if (item.type === 'link') {
          const current = item.href === path;
          return (
            <li key={i} className="menu-item">
              <a className={`menu-link${current ? ' active' : ''}`} href={item.href} aria-current={current ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          );
        }
        const expanded = !item.collapsed || containsPath(item, path);
        const current = item.href === path;
        const listId = `cat-${level}-${i}-${item.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
        return (
          <li key={i} className={`menu-item menu-category${expanded ? '' : ' collapsed'}`}>
            <div className="menu-category-header">
              {item.href ? (
                <a className={`menu-link${current ? ' active' : ''}`} href={item.href} aria-current={current ? 'page' : undefined}>
                  {item.label}
                </a>
              ) : (
                <span className="menu-link menu-label">{item.label}</span>
              )}
              <button type="button" className="menu-caret" aria-expanded={expanded ? 'true' : 'false'} aria-controls={listId} aria-label={`${expanded ? 'Comprimi' : 'Espandi'} la categoria «${item.label}»`} data-category-toggle="" />
            </div>
            {expanded || renderCollapsed ? (
              <div id={listId} className="menu-category-items" hidden={!expanded}>
                <Items items={item.items} path={path} renderCollapsed={renderCollapsed} level={level + 1} />
              </div>
            ) : (
              <div id={listId} className="menu-category-items" hidden data-lazy="" />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The docs sidebar: the current page highlighted, its categories expanded. */
export function Sidebar(props: SidebarProps) {
  return (
    <nav className="docs-sidebar-menu" aria-label="Documentazione">
      <Items {...props} level={1} />
    </nav>
  );
}
