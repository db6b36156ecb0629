import { storage } from '../../templates/hooks';
import { translatorOf } from '../shared/i18n/interface-text';
import { clientConfig } from './client-config';

const { t } = translatorOf(clientConfig.chrome.text);
/** How long the copy button shows that it copied (or failed). */
const copyFeedbackMs = 2000;
// Two icons (the state shows one: see styles.css) and the state's word, shown beside the icon after a copy.
const copyButtonMarkup = [
  '<svg class="copy-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">',
  '<path fill="currentColor" d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1Zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 ',
  '2-2V7a2 2 0 0 0-2-2Zm0 16H8V7h11v14Z"/></svg>',
  '<svg class="copied-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">',
  '<path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z"/></svg>',
  '<span class="copy-status"></span>',
].join('');

/** Shows what a copy did (`copied` or `failed`) for a moment, in words and by the icon; then the button is back. */
function showCopyState(button: HTMLButtonElement, state: 'copied' | 'failed'): void {
  const word = t(state === 'copied' ? 'theme.CodeBlock.copied' : 'theme.CodeBlock.copyFailed');
  button.dataset.state = state;
  button.querySelector('.copy-status')!.textContent = word;
  window.clearTimeout(Number(button.dataset.timer));
  button.dataset.timer = String(
    window.setTimeout(() => {
      delete button.dataset.state;
      button.querySelector('.copy-status')!.textContent = '';
    }, copyFeedbackMs),
  );
}

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
  makeWideTablesFocusable(root);
  root.querySelectorAll<HTMLElement>('.code-block').forEach((block) => {
    // A block the site's override draws gets its button once the island has hydrated (see islands.ts): React
    // compares what it finds inside the block with what it drew.
    if (!block.closest(`docs-it-island[data-component^="@theme/"]`)) addCopyButton(block);
  });
}

/** The copy button of a code block (`.code-block`), unless it has one. */
export function addCopyButton(block: HTMLElement): void {
  if (block.querySelector(':scope > .copy-button')) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy-button';
  button.title = t('theme.CodeBlock.copy');
  button.setAttribute('aria-label', t('theme.CodeBlock.copyButtonAriaLabel'));
  button.innerHTML = copyButtonMarkup;
  block.appendChild(button);
}

/**
 * A table wider than its column scrolls in its own box: keyboard readers reach it with Tab and scroll it with the
 * arrow keys. Tables that fit stay out of the tab order.
 */
function makeWideTablesFocusable(root: ParentNode): void {
  for (const table of root.querySelectorAll<HTMLElement>('.markdown table')) {
    if (table.scrollWidth > table.clientWidth) table.tabIndex = 0;
    else table.removeAttribute('tabindex');
  }
}

/** One set of delegated listeners for widgets inside content HTML (which React does not own). */
export function installContentWidgets(): void {
  let frame = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => makeWideTablesFocusable(document));
  });
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
        () => showCopyState(copy, 'copied'),
        () => showCopyState(copy, 'failed'),
      );
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
