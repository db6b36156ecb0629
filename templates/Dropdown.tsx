import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useOutside } from './hooks';
import { SmartLink } from './Link';
import type { LinkItem } from './types';

/** A dropdown that opens on hover or Enter/click and closes on an outside click or touch. */
export function DropdownShell({
  label,
  active,
  children,
}: {
  label: ReactNode;
  active?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const element = useCallback(() => ref.current, []);
  useOutside(open, element, close);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only adds to the button, which opens it from keys.
    <div
      ref={ref}
      className={`navbar-item navbar-dropdown${open ? ' open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      <button
        type="button"
        className={`navbar-link${active ? ' active' : ''}`}
        aria-haspopup="true"
        aria-expanded={open ? 'true' : 'false'}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        {label}
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click comes from the links, which Enter also clicks. */}
      <ul className="dropdown-menu" onClick={close}>
        {children}
      </ul>
    </div>
  );
}

export function Dropdown({ label, items, active }: { label: string; items: LinkItem[]; active?: boolean }) {
  return (
    <DropdownShell label={label} active={active}>
      {items.map((item) => (
        <li key={item.label}>
          <SmartLink item={item} className="dropdown-link" />
        </li>
      ))}
    </DropdownShell>
  );
}
