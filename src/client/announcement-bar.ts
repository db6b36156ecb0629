import { safeStorage } from './storage';

const idKey = 'docusaurus.announcement.id';
const dismissKey = 'docusaurus.announcement.dismiss';

/** Closing the bar is remembered until the bar's id changes. */
export function enhanceAnnouncementBar(): void {
  const bar = document.querySelector<HTMLElement>('[data-announcement-id]');
  if (!bar) return;
  const storage = safeStorage();
  const id = bar.dataset.announcementId ?? '';
  if (storage.getItem(idKey) !== id) {
    storage.setItem(idKey, id);
    storage.setItem(dismissKey, 'false');
    document.documentElement.removeAttribute('data-announcement-bar-initially-dismissed');
  }
  bar.querySelector('[data-announcement-close]')?.addEventListener('click', () => {
    storage.setItem(dismissKey, 'true');
    document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'true');
  });
}
