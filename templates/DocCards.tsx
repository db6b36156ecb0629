import type { SidebarItem } from '../src/shared/sidebar';

/** Cards of a category's pages (what `::doc-card-list` renders on a category index). */
export function DocCards({ items }: { items: SidebarItem[] }) {
  return (
    <div className="card-grid doc-cards">
      {items.map((item) =>
        item.href ? (
          <a key={item.href} className="card card-link" href={item.href}>
            <span className="card-title">
              {item.type === 'category' ? '🗂️ ' : '📄 '}
              {item.label}
            </span>
            {item.description ? <span className="card-description">{item.description}</span> : null}
          </a>
        ) : (
          <div key={item.label} className="card">
            <span className="card-title">🗂️ {item.label}</span>
            {item.description ? <span className="card-description">{item.description}</span> : null}
          </div>
        ),
      )}
    </div>
  );
}
