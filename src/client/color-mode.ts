import { safeStorage } from './storage';

const key = 'theme';

/** The toggle switches light/dark and stores the choice; other tabs follow through the storage event. */
export function enhanceColorMode(): void {
  const storage = safeStorage();
  const root = document.documentElement;
  const apply = (mode: string) => root.setAttribute('data-theme', mode);
  document.querySelectorAll<HTMLButtonElement>('[data-color-mode-toggle]').forEach((button) => {
    button.addEventListener('click', () => {
      const next = root.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
      apply(next);
      storage.setItem(key, next);
    });
  });
  window.addEventListener('storage', (event) => {
    if (event.key === key && (event.newValue === 'light' || event.newValue === 'dark')) apply(event.newValue);
  });
}
