import type { TranslationId } from './i18n/interface-text';

/**
 * The admonition kinds (`:::note` … `:::danger`), each with the catalogue entry of its default title: the one list
 * of them. The markdown compiler registers them as directives (`src/markdown/remark-admonitions.ts`), the
 * `<Admonition>` component titles them, and search leaves their default titles out.
 */
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

/**
 * The elements of an admonition: a box holding its heading and its content. Both builders read it, the markdown
 * compiler (`:::tip`, as hast) and the `<Admonition>` component of MDX pages (React), so the two give the same HTML
 * and the styles and search find one shape.
 */
export function admonitionMarkup(kind: string) {
  return {
    box: { tagName: 'div', className: ['admonition', `admonition-${kind}`], role: 'note' },
    heading: { tagName: 'p', className: ['admonition-heading'] },
    content: { tagName: 'div', className: ['admonition-content'] },
  } as const;
}
