/**
 * How a translated page stands against its upstream page:
 * - `up-to-date`: no upstream commit touched the upstream file since the recorded one;
 * - `changed`: some did;
 * - `moved`: the upstream file was renamed since (and maybe changed too);
 * - `deleted`: the upstream file is gone;
 * - `own`: the page is the site's own (`upstream: none`); `untracked`: it does not say (`upstream` missing).
 */
export type TranslationState = 'up-to-date' | 'changed' | 'moved' | 'deleted' | 'own' | 'untracked';

/** How each state reads, in the report and on the status page; also the order states sort in. */
export const translationStateLabels: Record<TranslationState, string> = {
  deleted: 'eliminata',
  moved: 'spostata',
  changed: 'da rivedere',
  untracked: 'senza fonte',
  'up-to-date': 'aggiornata',
  own: 'propria',
};

/** The states that mean the translation needs work (and fail `docs-it translations --fail-on-stale`). */
export const staleTranslationStates: ReadonlySet<TranslationState> = new Set(['changed', 'moved', 'deleted']);
