import type { DocCardProps } from '../../src/shared/theme-components';
import { overridable } from '../theme-components';

/** One card: a page or a category of the sidebar, with its description. */
function DocCardOriginal({ item }: DocCardProps) {
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
