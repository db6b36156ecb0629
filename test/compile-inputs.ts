import type { CompileInput } from '../src/markdown/compile-page';
import { interfaceTextOf } from '../src/shared/i18n/catalogues';

/** The Italian interface text, one object for every page (the compile pool sends a text once per object). */
export const italianText = interfaceTextOf('it');

/** A plain markdown page's compile input, as the compiler's and the compile pool's tests send it. */
export const plainPageInput = (file: string, body: string): CompileInput => ({
  file,
  route: `/${file}`,
  baseUrl: '/',
  body,
  format: 'md',
  excerpt: false,
  tocMin: 2,
  tocMax: 3,
  fragments: {},
  text: italianText,
});
