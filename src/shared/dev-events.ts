import type { InterfaceText } from './i18n/interface-text';

/** A warning or error of `docs-it dev` as the browser shows it (`file:line:column`, what is wrong, what to do). */
export interface ShownDiagnostic {
  severity: 'error' | 'warning';
  location?: string;
  message: string;
  hint?: string;
}

/** The first event of the live-reload stream: which server process this is, and what is open now. */
export interface HelloEvent {
  buildId: string;
  diagnostics: ShownDiagnostic[];
  /** The site's interface strings: the overlay speaks the site's language. */
  text: InterfaceText;
}

/**
 * A change can be seen: the routes to reload now (`all` for every one), sent as soon as their pages can be
 * served; its `update` event (the same `id`) follows once the links are checked.
 */
export interface ReloadEvent {
  id: string;
  paths: string[] | 'all';
}

/** A change was applied: the routes to reload (`all` for every one), and what is open now. */
export interface UpdateEvent {
  /** The change's id: a page reloaded by its `reload` event does not reload again. */
  id: string;
  paths: string[] | 'all';
  diagnostics: ShownDiagnostic[];
  text: InterfaceText;
}
