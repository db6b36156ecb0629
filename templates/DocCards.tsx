import type { SidebarItem } from '../src/shared/sidebar';
import { overridable } from './theme-components';

/** One card: a page or a category of the sidebar, with its description. */
function DocCardOriginal({ item }: { item: SidebarItem }) {
  return item.href ? (
    <a className="card card-link" href={item.href}>
      <span className="card-title">
        {item.type === 'category' ? '🗂️ ' : '📄 '}
        {item.label}
      </span>
      {item.description ? <span className="card-description">{item.description}</span> : null}
    </a>
  ) : (
    <div className="card">
      <span className="card-title">🗂️ {item.label}</span>
      {item.description ? <span className="card-description">{item.description}</span> : null}
    </div>
  );
}

export const DocCard = overridable('DocCard', DocCardOriginal);

/** Cards of a category's pages (what `::doc-card-list` renders on a category index). */
export function DocCards({ items }: { items: SidebarItem[] }) {
  return (
    <div className="card-grid doc-cards">
      {items.map((item) => (
        <DocCard key={item.href ?? item.label} item={item} />
      ))}
    </div>
  );
}
