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
 * Docusaurus's legacy names (Infima's colours, still read by Docusaurus 2 and 3): each looks like a kind above
 * and is titled with its own name, untranslated, as Docusaurus titles it.
 */
export const legacyAdmonitions = {
  secondary: 'note',
  important: 'info',
  success: 'tip',
} as const satisfies Record<string, AdmonitionKind>;

/** Every name an admonition may be written with (`:::tip`, `:::important`, `<Admonition type="success">`). */
export const admonitionNames = [...Object.keys(admonitionKinds), ...Object.keys(legacyAdmonitions)];

/**
 * What an admonition written with `name` looks like (its kind) and its default title (a catalogue entry, or the
 * legacy name itself); undefined for a name that is no admonition.
 */
export function admonitionOf(
  name: string,
): { kind: AdmonitionKind; title: { id: TranslationId } | { text: string } } | undefined {
  if (isAdmonitionKind(name)) return { kind: name, title: { id: admonitionKinds[name] } };
  if (Object.hasOwn(legacyAdmonitions, name))
    return { kind: legacyAdmonitions[name as keyof typeof legacyAdmonitions], title: { text: name } };
  return undefined;
}

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
