/*
 * Live reload for `docs-it dev`: listens to the server's events, reloads the page when it changed (keeping
 * the scroll position), and shows build errors in an overlay until they are fixed.
 */
interface DevError {
  location?: string;
  message: string;
  hint?: string;
}

const scrollKey = 'docs-it:dev-scroll';
let buildId: string | undefined;

function restoreScroll(): void {
  const saved = sessionStorage.getItem(scrollKey);
  if (!saved) return;
  sessionStorage.removeItem(scrollKey);
  const { path, y } = JSON.parse(saved) as { path: string; y: number };
  if (path === location.pathname) window.scrollTo(0, y);
}

function reload(): void {
  sessionStorage.setItem(scrollKey, JSON.stringify({ path: location.pathname, y: window.scrollY }));
  location.reload();
}

function showErrors(errors: DevError[]): void {
  document.getElementById('docs-it-overlay')?.remove();
  if (errors.length === 0) return;
  const overlay = document.createElement('div');
  overlay.id = 'docs-it-overlay';
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Errori di build');
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:9999;background:rgba(20,20,22,.94);color:#f5f5f5;' +
    'font:14px/1.5 ui-monospace,monospace;padding:2rem;overflow:auto';
  const title = document.createElement('h2');
  const count = `${errors.length} ${errors.length === 1 ? 'errore' : 'errori'}`;
  title.textContent = `docs-it: ${count} (la pagina si aggiorna da sola quando li correggi)`;
  title.style.cssText = 'color:#ff6b6b;font-size:1.1rem;margin:0 0 1rem';
  overlay.append(title);
  for (const error of errors) {
    const block = document.createElement('pre');
    block.style.cssText =
      'white-space:pre-wrap;border-left:4px solid #ff6b6b;padding:.5rem 1rem;margin:0 0 1rem;background:#000';
    const where = error.location ? `${error.location}\n` : '';
    block.textContent = `${where}${error.message}${error.hint ? `\n→ ${error.hint}` : ''}`;
    overlay.append(block);
  }
  const close = document.createElement('button');
  close.textContent = 'Chiudi';
  close.addEventListener('click', () => overlay.remove());
  overlay.append(close);
  document.body.append(overlay);
}

restoreScroll();
const events = new EventSource('/__docs-it/events');
events.addEventListener('hello', (event) => {
  const data = JSON.parse((event as MessageEvent<string>).data) as { buildId: string; errors: DevError[] };
  // A new server process (restarted after a template change) means new HTML everywhere.
  if (buildId && buildId !== data.buildId) reload();
  buildId = data.buildId;
  showErrors(data.errors);
});
events.addEventListener('update', (event) => {
  const data = JSON.parse((event as MessageEvent<string>).data) as { paths: string[] | 'all'; errors: DevError[] };
  showErrors(data.errors);
  const here = location.pathname.replace(/\/$/, '') || '/';
  if (data.paths === 'all' || data.paths.some((p) => p.replace(/\/$/, '') === here || `${p}/` === location.pathname))
    reload();
});
