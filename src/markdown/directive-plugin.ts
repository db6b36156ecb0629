import type { Root } from 'mdast';
import type { Plugin } from 'unified';

/** How a directive is written: `:::name` around blocks, `::name` alone on its line, `:name` inside text. */
export type DirectiveForm = 'container' | 'leaf' | 'text';

/** The marks that open a directive of each form. */
export const directiveMarks: Record<DirectiveForm, string> = { container: ':::', leaf: '::', text: ':' };

/**
 * A remark plugin that gives directives (`:::name` blocks, `::name` leaves, `:name` inline) their markup, with the
 * names and forms it handles and how their titles are written. The compiler reads everything it knows of
 * directives from the list of these (`directives.ts`): what the unknown-directive check lets through and the names
 * whose opening line may carry a title, so a new directive is one entry there.
 */
export interface DirectivePlugin {
  /** The directive names it handles. */
  names: readonly string[];
  /** The forms it handles them in; in another form such a name is the text it was, like an unknown name. */
  forms: readonly DirectiveForm[];
  /**
   * Whether a block's title may follow its name on the opening line, as Docusaurus writes it (`:::tip Titolo`): such
   * a line is read as remark-directive's label (`:::tip[Titolo]`), the block's first paragraph.
   */
  titleAfterName: boolean;
  /** The transform, run on the page's tree after remark-directive read it and the unknown-directive check. */
  plugin: Plugin<[], Root>;
}
