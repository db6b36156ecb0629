import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import type { LinkItem } from '../src/shared/site-chrome';
import { useCollapse } from './collapse';
import { useOutside } from './hooks';
import { SmartLink } from './Link';

/** Where a navbar item is shown: in the navbar, or as a row of the mobile menu. */
export type ItemPlace = 'navbar' | 'menu';

/**
 * A navbar dropdown: it opens on hover or Enter/click, and closes on an outside click or touch, when focus
 * leaves it, and on Escape, which gives focus back to its button. In the mobile menu it is a group that
 * expands and collapses (open at first when it holds the current page).
 */
export function DropdownShell({
  label,
  active,
  place = 'navbar',
  children,
}: {
  label: ReactNode;
  active?: boolean;
  place?: ItemPlace;
  children: ReactNode;
}) {
  return place === 'menu' ? (
    <MenuGroup label={label} active={active}>
      {children}
    </MenuGroup>
  ) : (
    <NavbarDropdown label={label} active={active}>
      {children}
    </NavbarDropdown>
  );
}

function NavbarDropdown({ label, active, children }: { label: ReactNode; active?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const element = useCallback(() => ref.current, []);
  useOutside(open, element, close);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and keys only add to the button, which opens it.
    <div
      ref={ref}
      className={`navbar-item navbar-dropdown${open ? ' open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        // Handled here: Escape closes this menu only (not a dialog around it).
        event.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`navbar-link${active ? ' active' : ''}`}
        aria-haspopup="true"
        aria-expanded={open ? 'true' : 'false'}
        onClick={() => setOpen((o) => !o)}
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

function MenuGroup({ label, active, children }: { label: ReactNode; active?: boolean; children: ReactNode }) {
  const [expanded, setExpanded] = useState(!!active);
  const list = useRef<HTMLUListElement>(null);
  // Rendered only in the browser (the mobile menu opens with JavaScript): the id never has to match the server's.
  const id = useId();
  useCollapse(list, expanded);
  return (
    <div className={`navbar-item navbar-dropdown menu-group${expanded ? ' open' : ''}`}>
      <button
        type="button"
        className={`navbar-link${active ? ' active' : ''}`}
        aria-expanded={expanded ? 'true' : 'false'}
        aria-controls={id}
        onClick={() => setExpanded((e) => !e)}
      >
        {label}
      </button>
      <ul ref={list} id={id} className="dropdown-menu" hidden={!expanded}>
        {children}
      </ul>
    </div>
  );
}

export function Dropdown({
  label,
  items,
  active,
  place,
}: {
  label: string;
  items: LinkItem[];
  active?: boolean;
  place?: ItemPlace;
}) {
  return (
    <DropdownShell label={label} active={active} place={place}>
      {items.map((item) => (
        <li key={item.label}>
          <SmartLink item={item} className="dropdown-link" />
        </li>
      ))}
    </DropdownShell>
  );
}
