/**
 * What the theme's overridable components build on, as `@docusaurus/theme-common/internal` gives it to a site's code
 * (the module Docusaurus's own ejected components import from): a component `docs-it swizzle <Name> --eject` writes
 * imports from here what the theme's imports from its neighbours, so the copy draws what the theme draws.
 */
export { admonitionKinds, admonitionMarkup, admonitionOf, isAdmonitionKind } from '../../src/shared/admonitions';
export { escapeHtml } from '../../src/shared/escape-html';
export { ColorModeToggle } from '../ColorModeToggle';
export { useHideOnScroll } from '../hooks';
export { icons } from '../icons';
export { SmartLink } from '../Link';
export { SafeItem } from '../NavbarItem';
export { PostMeta, Tags } from '../PostMeta';
export { safeUrl } from '../safe-url';
export { TranslationNotice } from '../Translations';
export { Translated, useText } from '../text';
export { Logo } from '../theme/Logo';
export { SearchBar } from '../theme/SearchBar';
export { HighlightedCodeContext, languageOf } from './highlighted-code';
