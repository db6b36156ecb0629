import { safeStorage } from './storage';

const groupKey = (group: string) => `docusaurus.tab.${group}`;

function selectTab(tabs: HTMLElement, value: string): boolean {
  const buttons = [...tabs.querySelectorAll<HTMLButtonElement>(':scope > [role="tablist"] > [role="tab"]')];
  const target = buttons.find((b) => b.dataset.value === value);
  if (!target) return false;
  for (const button of buttons) {
    const selected = button === target;
    button.setAttribute('aria-selected', String(selected));
    button.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !selected;
  }
  return true;
}

/** Tabs (synced by group and remembered), copy buttons on code blocks. */
export function enhanceContent(root: ParentNode): void {
  const storage = safeStorage();
  root.querySelectorAll<HTMLElement>('.tabs').forEach((tabs) => {
    const group = tabs.dataset.groupId;
    const stored = group ? storage.getItem(groupKey(group)) : null;
    if (stored) selectTab(tabs, stored);
    const list = tabs.querySelector<HTMLElement>(':scope > [role="tablist"]');
    list?.addEventListener('click', (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>('[role="tab"]');
      if (!button?.dataset.value) return;
      const value = button.dataset.value;
      if (group) {
        storage.setItem(groupKey(group), value);
        document.querySelectorAll<HTMLElement>(`.tabs[data-group-id="${CSS.escape(group)}"]`).forEach((other) => selectTab(other, value));
      } else selectTab(tabs, value);
    });
    list?.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      const buttons = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
      const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
      if (index === -1) return;
      const next = buttons[(index + (event.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length]!;
      next.focus();
      next.click();
    });
  });
  root.querySelectorAll<HTMLElement>('.code-block').forEach((block) => {
    const pre = block.querySelector('pre');
    if (!pre || block.querySelector('.copy-button')) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.textContent = 'Copia';
    button.setAttribute('aria-label', 'Copia il codice negli appunti');
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(pre.innerText);
        button.textContent = 'Copiato!';
      } catch {
        button.textContent = 'Errore';
      }
      setTimeout(() => (button.textContent = 'Copia'), 1500);
    });
    block.appendChild(button);
  });
}
