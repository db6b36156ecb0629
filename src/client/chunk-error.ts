import { translatorOf } from '../shared/i18n/interface-text';
import { clientConfig } from './client-config';

/**
 * The red box shown when a lazily loaded part of the page (a code chunk) fails to load: the error and a
 * 'Retry' button. Retrying removes the box and runs `retry` again.
 */
export function showChunkError(error: unknown, retry: () => void): HTMLElement {
  document.getElementById('docs-it-chunk-error')?.remove();
  const box = document.createElement('div');
  box.id = 'docs-it-chunk-error';
  box.className = 'chunk-error';
  box.setAttribute('role', 'alert');
  const message = document.createElement('p');
  const reason = error instanceof Error ? error.message : String(error);
  const { t } = translatorOf(clientConfig.chrome.text);
  message.textContent = t('theme.ChunkError.message', { reason });
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = t('theme.ChunkError.retry');
  button.addEventListener('click', () => {
    box.remove();
    retry();
  });
  box.append(message, button);
  document.body.append(box);
  button.focus();
  return box;
}
