import { type Catalogue, compilerStrings } from './i18n/interface-text';

/** The admonition kinds (`:::note` … `:::danger`), each with the catalogue entry of its default title. */
export const admonitionKinds = {
  note: 'theme.admonition.note',
  tip: 'theme.admonition.tip',
  info: 'theme.admonition.info',
  caution: 'theme.admonition.caution',
  warning: 'theme.admonition.warning',
  danger: 'theme.admonition.danger',
} as const satisfies Record<string, keyof Catalogue>;

/** The title each kind shows when the author gives none (compiled into the page, see `compilerStrings`). */
export const admonitionTitles: Record<string, string> = Object.fromEntries(
  Object.entries(admonitionKinds).map(([kind, id]) => [kind, compilerStrings()[id]]),
);
