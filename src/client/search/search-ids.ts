/** Ids by which the dialog's parts refer to one another (label for, aria-controls, aria-activedescendant). */
export const ids = {
  dialog: 'docs-it-search',
  input: 'docs-it-search-input',
  list: 'docs-it-search-list',
  item: (i: number) => `docs-it-search-item-${i}`,
};
