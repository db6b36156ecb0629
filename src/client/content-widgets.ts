import { storage } from '../../templates/hooks';

const groupKey = (group: string) => `docusaurus.tab.${group}`;

function selectTab(tabs: HTMLElement, value: string): boolean {
  const buttons = [...tabs.querySelectorAll<HTMLButtonElement>(':scope > [role="tablist"] > [role="tab"]')];
  const target = buttons.find((b) => b.dataset.value === value);
  if (!target) return false;
  for (const button of buttons) {
    const selected = button === target;
    button.setAttribute('aria-selected', String(selected));
    button.tabIndex = selected ? 0 : -1;
    const panel = tabs.querySelector<HTMLElement>(`#${CSS.escape(button.getAttribute('aria-controls') ?? '')}`);
    if (panel) panel.hidden = !selected;
  }
  return true;
}

/**
 * Opens every closed `<details>` around `target` and selects the tab whose panel holds it, innermost last, so
 * that a link to a section hidden there shows it. Returns true when something opened. The tab choice is not
 * remembered for its group: the reader followed a link, they did not pick a tab.
 */
export function revealInContent(target: Element): boolean {
  let changed = false;
  for (let el = target.parentElement; el; el = el.parentElement) {
    if (el instanceof HTMLDetailsElement && !el.open && !el.querySelector(':scope > summary')?.contains(target)) {
      el.open = true;
      changed = true;
    }
    if (el.getAttribute('role') === 'tabpanel' && el.hidden) {
      const tabs = el.parentElement?.closest<HTMLElement>('.tabs');
      const value = el.dataset.value;
      if (tabs && value !== undefined && selectTab(tabs, value)) changed = true;
    }
  }
  return changed;
}

/**
 * Applies tab choices (the URL's `?name=value` for tabs with a query string first, then the one remembered
 * for the group) and adds copy buttons to the code blocks inside `root`.
 */
export function decorateContent(root: ParentNode): void {
  const store = storage();
  const params = new URLSearchParams(location.search);
  root.querySelectorAll<HTMLElement>('.tabs[data-group-id], .tabs[data-query-string]').forEach((tabs) => {
    const { groupId, queryString } = tabs.dataset;
    const fromUrl = queryString ? params.get(queryString) : null;
    if (fromUrl && selectTab(tabs, fromUrl)) {
      if (groupId) store.setItem(groupKey(groupId), fromUrl);
      return;
    }
    const stored = groupId ? store.getItem(groupKey(groupId)) : null;
    if (stored) selectTab(tabs, stored);
  });
  root.querySelectorAll<HTMLElement>('.code-block').forEach((block) => {
    if (block.querySelector(':scope > .copy-button')) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.textContent = 'Copia';
    button.setAttribute('aria-label', 'Copia il codice negli appunti');
    block.appendChild(button);
  });
}

/** One set of delegated listeners for widgets inside content HTML (which React does not own). */
export function installContentWidgets(): void {
  document.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    const tab = target.closest<HTMLButtonElement>('.tabs > [role="tablist"] > [role="tab"]');
    if (tab?.dataset.value) {
      const tabs = tab.closest<HTMLElement>('.tabs')!;
      const group = tabs.dataset.groupId;
      const query = tabs.dataset.queryString;
      if (query) {
        // The choice goes in the address, so a copied link opens on the same tab; history is not lengthened.
        const url = new URL(location.href);
        url.searchParams.set(query, tab.dataset.value);
        history.replaceState(history.state, '', url);
      }
      if (group) {
        storage().setItem(groupKey(group), tab.dataset.value);
        for (const other of document.querySelectorAll<HTMLElement>(`.tabs[data-group-id="${CSS.escape(group)}"]`)) {
          selectTab(other, tab.dataset.value!);
        }
      } else selectTab(tabs, tab.dataset.value);
      return;
    }
    const copy = target.closest<HTMLButtonElement>('.code-block > .copy-button');
    if (copy) {
      const code = copy.parentElement?.querySelector('pre')?.innerText ?? '';
      navigator.clipboard.writeText(code).then(
        () => (copy.textContent = 'Copiato!'),
        () => (copy.textContent = 'Errore'),
      );
      window.setTimeout(() => (copy.textContent = 'Copia'), 1500);
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const tab = (event.target as HTMLElement).closest?.<HTMLButtonElement>('[role="tab"]');
    const list = tab?.parentElement;
    if (!tab || !list) return;
    const buttons = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const next =
      buttons[(buttons.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length]!;
    next.focus();
    next.click();
  });
}
