import type { SidebarItem } from '../src/shared/sidebar';
import { DocCard } from './theme/DocCard';

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
