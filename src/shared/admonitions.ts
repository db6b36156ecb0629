/** The admonition kinds and the title each shows when the author gives none. */
export const admonitionTitles: Record<string, string> = {
  note: 'Nota',
  tip: 'Suggerimento',
  info: 'Info',
  caution: 'Attenzione',
  warning: 'Avviso',
  danger: 'Pericolo',
};
