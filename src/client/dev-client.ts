/*
 * Live reload for `docs-it dev`: listens to the server's events, reloads the page when it changed (keeping
 * the scroll position), and shows what the build would say: errors in an overlay over the page until they are
 * fixed, warnings in a folded box in a corner that leaves the page usable. The boxes speak the site's language
 * (the server sends its strings); the diagnostics themselves are docs-it's, in English like the terminal.
 */
import type { HelloEvent, ReloadEvent, ShownDiagnostic, UpdateEvent } from '../shared/dev-events';
import { type Translator, translatorOf } from '../shared/i18n/interface-text';

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

function show({ diagnostics, text }: HelloEvent | UpdateEvent): void {
  document.getElementById('docs-it-overlay')?.remove();
  document.getElementById('docs-it-warnings')?.remove();
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warnings = diagnostics.filter((d) => d.severity === 'warning');
  const translator = translatorOf(text);
  if (errors.length > 0) showErrors(translator, errors, warnings);
  else if (warnings.length > 0) showWarnings(translator, warnings);
}

/** `3 errors`, `1 warning`: the count in the site's language. */
const countOf = (
  { plural }: Translator,
  list: unknown[],
  id: 'theme.DevOverlay.errors' | 'theme.DevOverlay.warnings',
) => plural(id, list.length, { count: list.length });

function showErrors(translator: Translator, errors: ShownDiagnostic[], warnings: ShownDiagnostic[]): void {
  const { t } = translator;
  const overlay = document.createElement('div');
  overlay.id = 'docs-it-overlay';
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', t('theme.DevOverlay.ariaLabel'));
  overlay.style.cssText = `position:fixed;inset:0;${panelStyle};padding:2rem;overflow:auto`;
  const title = document.createElement('h2');
  title.textContent = t('theme.DevOverlay.errorsTitle', {
    errors: countOf(translator, errors, 'theme.DevOverlay.errors'),
  });
  title.style.cssText = `color:${errorColour};font-size:1.1rem;margin:0 0 1rem`;
  overlay.append(title, ...errors.map((e) => block(e, errorColour)));
  if (warnings.length > 0) {
    const more = document.createElement('h3');
    more.textContent = t('theme.DevOverlay.andWarnings', {
      warnings: countOf(translator, warnings, 'theme.DevOverlay.warnings'),
    });
    more.style.cssText = `color:${warningColour};font-size:1rem;margin:0 0 1rem`;
    overlay.append(more, ...warnings.map((w) => block(w, warningColour)));
  }
  const close = document.createElement('button');
  close.textContent = t('theme.DevOverlay.close');
  close.addEventListener('click', () => overlay.remove());
  overlay.append(close);
  document.body.append(overlay);
}

function showWarnings(translator: Translator, warnings: ShownDiagnostic[]): void {
  const box = document.createElement('details');
  box.id = 'docs-it-warnings';
  box.style.cssText =
    `position:fixed;right:1rem;bottom:1rem;max-width:min(40rem,calc(100vw - 2rem));max-height:60vh;overflow:auto;` +
    `${panelStyle};border:1px solid ${warningColour};border-radius:6px;padding:.5rem 1rem`;
  box.open = sessionStorage.getItem(openKey) === '1';
  box.addEventListener('toggle', () => sessionStorage.setItem(openKey, box.open ? '1' : '0'));
  const summary = document.createElement('summary');
  summary.textContent = translator.t('theme.DevOverlay.warningsTitle', {
    warnings: countOf(translator, warnings, 'theme.DevOverlay.warnings'),
  });
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
  show(data);
});
/** Whether this page is one of the routes a change reloads. */
function shows(paths: string[] | 'all'): boolean {
  const here = location.pathname.replace(/\/$/, '') || '/';
  return paths === 'all' || paths.some((p) => p.replace(/\/$/, '') === here || `${p}/` === location.pathname);
}
/** The change this tab last reloaded for (its `update` event, arriving after the reload, reloads nothing). */
const reloadedKey = 'docs-it:reloaded-for';
events.addEventListener('reload', (event) => {
  const data = JSON.parse((event as MessageEvent<string>).data) as ReloadEvent;
  if (!shows(data.paths)) return;
  sessionStorage.setItem(reloadedKey, data.id);
  reload();
});
events.addEventListener('update', (event) => {
  const data = JSON.parse((event as MessageEvent<string>).data) as UpdateEvent;
  show(data);
  if (shows(data.paths) && sessionStorage.getItem(reloadedKey) !== data.id) reload();
});
