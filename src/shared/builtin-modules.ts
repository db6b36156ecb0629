/**
 * Docusaurus modules that docs-it provides to MDX pages and to the site's components (`import Tabs from
 * '@theme/Tabs'`): each export, and the export of `templates/content/mdx-components.tsx` that implements it.
 */
export const builtinModules = {
  '@theme/Tabs': { default: 'Tabs' },
  '@theme/TabItem': { default: 'TabItem' },
  '@theme/Admonition': { default: 'Admonition' },
  '@theme/DocCardList': { default: 'DocCardList' },
  '@theme/TOCInline': { default: 'TOCInline' },
  '@theme/CodeBlock': { default: 'CodeBlock' },
  '@theme/Details': { default: 'Details' },
  '@docusaurus/Link': { default: 'Link' },
  '@docusaurus/useBaseUrl': { default: 'useBaseUrl', useBaseUrlUtils: 'useBaseUrlUtils' },
  '@docusaurus/BrowserOnly': { default: 'BrowserOnly' },
  '@docusaurus/useDocusaurusContext': { default: 'useDocusaurusContext' },
  '@docusaurus/Head': { default: 'Head' },
  '@docusaurus/ExecutionEnvironment': { default: 'ExecutionEnvironment' },
  '@docusaurus/theme-common': {
    useColorMode: 'useColorMode',
    ThemeClassNames: 'ThemeClassNames',
    useCurrentSidebarCategory: 'useCurrentSidebarCategory',
  },
  '@theme/Mermaid': { default: 'Mermaid' },
  // What the theme's overridable components build on (templates/content/theme-internal.ts), for the copies
  // `docs-it swizzle <Name> --eject` writes.
  '@docusaurus/theme-common/internal': {
    admonitionKinds: 'admonitionKinds',
    admonitionMarkup: 'admonitionMarkup',
    admonitionOf: 'admonitionOf',
    isAdmonitionKind: 'isAdmonitionKind',
    escapeHtml: 'escapeHtml',
    ColorModeToggle: 'ColorModeToggle',
    useHideOnScroll: 'useHideOnScroll',
    icons: 'icons',
    SmartLink: 'SmartLink',
    SafeItem: 'SafeItem',
    PostMeta: 'PostMeta',
    Tags: 'Tags',
    safeUrl: 'safeUrl',
    TranslationNotice: 'TranslationNotice',
    Translated: 'Translated',
    useText: 'useText',
    Logo: 'Logo',
    SearchBar: 'SearchBar',
    HighlightedCodeContext: 'HighlightedCodeContext',
    languageOf: 'languageOf',
  },
} as const satisfies Record<string, Record<string, string>>;

export type BuiltinModule = keyof typeof builtinModules;

export function isBuiltinModule(spec: string): spec is BuiltinModule {
  return Object.hasOwn(builtinModules, spec);
}
