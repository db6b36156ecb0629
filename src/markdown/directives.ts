import type { DirectivePlugin } from './directive-plugin';
import { admonitionDirectives } from './remark-admonitions';
import { cardListDirective } from './remark-card-list';
import { cardDirectives } from './remark-cards';
import { tabDirectives } from './remark-tabs';

/** The directives a page may use, each with its plugin; the plugins run in this order. */
export const builtinDirectives: readonly DirectivePlugin[] = [
  admonitionDirectives,
  tabDirectives,
  cardDirectives,
  cardListDirective,
];
