/*
 * Live reload for `docs-it dev`: listens to the server's events, reloads the page when it changed (keeping
 * the scroll position), and shows what the build would say: errors in an overlay over the page until they are
 * fixed, warnings in a folded box in a corner that leaves the page usable. docs-it's own voice: English.
 */
import type { HelloEvent, ShownDiagnostic, UpdateEvent } from '../shared/dev-events';

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

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** One diagnostic as a block: `file:line:column`, the message, the hint. */
function block(diagnostic: ShownDiagnostic, colour: string): HTMLPreElement {
  const pre = document.createElement('pre');
  const border = `border-left:4px solid ${colour}`;
  pre.style.cssText = `white-space:pre-wrap;${border};padding:.5rem 1rem;margin:0 0 1rem;background:#000`;
  const where = diagnostic.location ? `${diagnostic.location}\n` : '';
  pre.textContent = `${where}${diagnostic.message}${diagnostic.hint ? `\n→ ${diagnostic.hint}` : ''}`;
  return pre;
}

const panelStyle = 'color:#f5f5f5;font:14px/1.5 ui-monospace,monospace;background:rgba(20,20,22,.94);z-index:9999';
const errorColour = '#ff6b6b';
const warningColour = '#f5c451';
/** The warnings box stays open or folded across reloads and updates, as the writer left it. */
const openKey = 'docs-it:dev-warnings-open';

function show(diagnostics: ShownDiagnostic[]): void {
  document.getElementById('docs-it-overlay')?.remove();
  document.getElementById('docs-it-warnings')?.remove();
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warnings = diagnostics.filter((d) => d.severity === 'warning');
  if (errors.length > 0) showErrors(errors, warnings);
  else if (warnings.length > 0) showWarnings(warnings);
}

function showErrors(errors: ShownDiagnostic[], warnings: ShownDiagnostic[]): void {
  const overlay = document.createElement('div');
  overlay.id = 'docs-it-overlay';
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Build errors');
  overlay.style.cssText = `position:fixed;inset:0;${panelStyle};padding:2rem;overflow:auto`;
  const title = document.createElement('h2');
  title.textContent = `docs-it: ${count(errors.length, 'error')} (this page reloads by itself once they are fixed)`;
  title.style.cssText = `color:${errorColour};font-size:1.1rem;margin:0 0 1rem`;
  overlay.append(title, ...errors.map((e) => block(e, errorColour)));
  if (warnings.length > 0) {
    const more = document.createElement('h3');
    more.textContent = `and ${count(warnings.length, 'warning')}`;
    more.style.cssText = `color:${warningColour};font-size:1rem;margin:0 0 1rem`;
    overlay.append(more, ...warnings.map((w) => block(w, warningColour)));
  }
  const close = document.createElement('button');
  close.textContent = 'Close';
  close.addEventListener('click', () => overlay.remove());
  overlay.append(close);
  document.body.append(overlay);
}

function showWarnings(warnings: ShownDiagnostic[]): void {
  const box = document.createElement('details');
  box.id = 'docs-it-warnings';
  box.style.cssText =
    `position:fixed;right:1rem;bottom:1rem;max-width:min(40rem,calc(100vw - 2rem));max-height:60vh;overflow:auto;` +
    `${panelStyle};border:1px solid ${warningColour};border-radius:6px;padding:.5rem 1rem`;
  box.open = sessionStorage.getItem(openKey) === '1';
  box.addEventListener('toggle', () => sessionStorage.setItem(openKey, box.open ? '1' : '0'));
  const summary = document.createElement('summary');
  summary.textContent = `docs-it: ${count(warnings.length, 'warning')}`;
  summary.style.cssText = `color:${warningColour};cursor:pointer`;
  const list = document.createElement('div');
  list.style.cssText = 'margin-top:.75rem';
  list.append(...warnings.map((w) => block(w, warningColour)));
  box.append(summary, list);
  document.body.append(box);
}

restoreScroll();
const events = new EventSource('/__docs-it/events');
events.addEventListener('hello', (event) => {
  const data = JSON.parse((event as MessageEvent<string>).data) as HelloEvent;
  // A new server process (restarted after a template change) means new HTML everywhere.
  if (buildId && buildId !== data.buildId) reload();
  buildId = data.buildId;
  show(data.diagnostics);
});
events.addEventListener('update', (event) => {
  const data = JSON.parse((event as MessageEvent<string>).data) as UpdateEvent;
  show(data.diagnostics);
  const here = location.pathname.replace(/\/$/, '') || '/';
  if (data.paths === 'all' || data.paths.some((p) => p.replace(/\/$/, '') === here || `${p}/` === location.pathname))
    reload();
});
