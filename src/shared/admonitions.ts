import type { TranslationId } from './i18n/interface-text';

/** The admonition kinds (`:::note` … `:::danger`), each with the catalogue entry of its default title. */
export const admonitionKinds = {
  note: 'theme.admonition.note',
  tip: 'theme.admonition.tip',
  info: 'theme.admonition.info',
  caution: 'theme.admonition.caution',
  warning: 'theme.admonition.warning',
  danger: 'theme.admonition.danger',
} as const satisfies Record<string, TranslationId>;

export type AdmonitionKind = keyof typeof admonitionKinds;

export const isAdmonitionKind = (name: string): name is AdmonitionKind => Object.hasOwn(admonitionKinds, name);
