const desktop = window.matchMedia('(min-width: 997px)');

/** Copies the docs sidebar into the mobile menu the first time it opens (ids dropped: they must stay unique). */
function fillSecondaryMenu(menu: HTMLElement): void {
  const slot = menu.querySelector<HTMLElement>('[data-mobile-sidebar]');
  const sidebar = document.querySelector('.docs-sidebar .docs-sidebar-menu');
  if (!slot || !sidebar || slot.childElementCount > 0) return;
  const copy = sidebar.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[id]').forEach((el) => el.removeAttribute('id'));
  copy.querySelectorAll('[aria-controls]').forEach((el) => el.removeAttribute('aria-controls'));
  slot.appendChild(copy);
}

/** Mobile menu, sidebar categories and dropdowns. */
export function enhanceNavigation(): void {
  const menu = document.querySelector<HTMLElement>('[data-mobile-menu]');
  const toggle = document.querySelector<HTMLButtonElement>('[data-navbar-toggle]');
  const setOpen = (open: boolean) => {
    if (!menu || !toggle) return;
    if (open) fillSecondaryMenu(menu);
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    document.body.classList.toggle('menu-open', open);
    if (open) menu.querySelector<HTMLElement>('button, a')?.focus();
  };
  toggle?.addEventListener('click', () => setOpen(menu?.hidden ?? false));
  menu?.querySelectorAll('[data-mobile-menu-close]').forEach((el) => el.addEventListener('click', () => setOpen(false)));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu && !menu.hidden) {
      setOpen(false);
      toggle?.focus();
    }
  });
  desktop.addEventListener('change', (event) => event.matches && setOpen(false));
  const primary = menu?.querySelector<HTMLElement>('[data-mobile-primary]');
  const secondary = menu?.querySelector<HTMLElement>('[data-mobile-secondary]');
  menu?.querySelector('[data-mobile-back]')?.addEventListener('click', () => {
    if (primary && secondary) {
      primary.hidden = false;
      secondary.hidden = true;
    }
  });

  document.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-category-toggle]');
    if (button) {
      const list = button.closest('.menu-category')?.querySelector<HTMLElement>(':scope > .menu-category-items');
      if (!list) return;
      const expand = button.getAttribute('aria-expanded') !== 'true';
      button.setAttribute('aria-expanded', String(expand));
      list.hidden = !expand;
      button.closest('.menu-category')?.classList.toggle('collapsed', !expand);
    }
  });

  document.querySelectorAll<HTMLElement>('.navbar-dropdown').forEach((dropdown) => {
    const button = dropdown.querySelector<HTMLButtonElement>('button');
    if (!button) return;
    const set = (open: boolean) => {
      dropdown.classList.toggle('open', open);
      button.setAttribute('aria-expanded', String(open));
    };
    button.addEventListener('click', () => set(!dropdown.classList.contains('open')));
    dropdown.addEventListener('mouseenter', () => set(true));
    dropdown.addEventListener('mouseleave', () => set(false));
    const outside = (event: Event) => {
      if (!dropdown.contains(event.target as Node)) set(false);
    };
    document.addEventListener('click', outside);
    document.addEventListener('touchstart', outside, { passive: true });
  });
}
