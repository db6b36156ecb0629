/**
 * The theme's interface in English: the reference catalogue. Its keys are every id the theme shows, Docusaurus's
 * translation ids where Docusaurus has one (the keys of a Docusaurus site's `i18n/<locale>/code.json`), so such
 * a file replaces any entry unchanged; strings Docusaurus has no id for (the translation status page, the dev
 * overlay, …) have ids of the same shape, under the component that shows them. A language without a catalogue
 * of the theme, and every id a site's catalogue leaves out, read this one.
 *
 * `{name}` is a placeholder; `a|b` are plural forms (Docusaurus's convention: the forms of `Intl.PluralRules`
 * in the order zero, one, two, few, many, other, as many as the language uses, the last one for the rest).
 * The search modal, the crash page and the chunk error say what the product's specification quotes.
 */
export const englishCatalogue = {
  // Page frame
  'theme.common.skipToMainContent': 'Skip to main content',
  'theme.AnnouncementBar.closeButtonAriaLabel': 'Close',
  'theme.TranslationBar.closeButtonAriaLabel': 'Close the translation notice',
  'theme.ErrorPageContent.title': 'This page crashed.',
  'theme.ErrorPageContent.tryAgain': 'Try again',
  'theme.ChunkError.message': 'Part of the page could not be loaded: {reason}',
  'theme.ChunkError.retry': 'Retry',
  'theme.ProgressBar.ariaLabel': 'Loading the page',
  'theme.BaseUrlIssueBanner.title': 'Your Docusaurus site did not load properly.',
  'theme.BaseUrlIssueBanner.suggestion':
    'The site is configured for the base URL {baseUrl} but this page is served from {path}. Check baseUrl in ' +
    'site.config.ts: try baseUrl = {suggestion} or publish the site under {baseUrl}.',

  // Navbar and mobile menu
  'theme.navbar.navAriaLabel': 'Main',
  'theme.docs.sidebar.toggleSidebarButtonAriaLabel': 'Open the navigation menu',
  'theme.docs.sidebar.closeSidebarButtonAriaLabel': 'Close the menu',
  'theme.navbar.mobileMenu.ariaLabel': 'Navigation menu',
  'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel': '← Back to main menu',
  'theme.navbar.mobileSidebarSecondaryMenu.openButtonLabel': 'Documentation menu →',
  'theme.navbar.localeDropdown.currentLabel': 'Language: {locale}',
  'theme.navbar.itemError': 'A navbar item cannot be shown: check the navbar configuration ({message}).',
  'theme.colorToggle.darkMode': 'Dark mode',
  'theme.colorToggle.switchToLight': 'Switch to light mode',
  'theme.colorToggle.switchToDark': 'Switch to dark mode',
  'theme.SearchBar.label': 'Search',

  // Docs
  'theme.docs.sidebar.navAriaLabel': 'Docs sidebar',
  'theme.DocSidebarItem.expandCategoryAriaLabel': "Expand sidebar category '{label}'",
  'theme.DocSidebarItem.collapseCategoryAriaLabel': "Collapse sidebar category '{label}'",
  'theme.docs.breadcrumbs.navAriaLabel': 'Breadcrumbs',
  'theme.docs.breadcrumbs.home': 'Home page',
  'theme.docs.paginator.navAriaLabel': 'Docs pages',
  'theme.docs.paginator.previous': 'Previous',
  'theme.docs.paginator.next': 'Next',
  'theme.TOC.title': 'On this page',
  'theme.TOCCollapsible.toggleButtonLabel': 'On this page',
  'theme.common.headingLinkTitle': 'Direct link to {heading}',
  'theme.common.editThisPage': 'Edit this page',
  'theme.lastUpdated.lastUpdatedAtBy': 'Last updated{atDate}{byUser}',
  'theme.lastUpdated.atDate': ' on {date}',
  'theme.lastUpdated.byUser': ' by {user}',
  'theme.admonition.note': 'Note',
  'theme.admonition.tip': 'Tip',
  'theme.admonition.info': 'Info',
  'theme.admonition.caution': 'Caution',
  'theme.admonition.warning': 'Warning',
  'theme.admonition.danger': 'Danger',
  'theme.CodeBlock.copy': 'Copy',
  'theme.CodeBlock.copied': 'Copied',
  'theme.CodeBlock.copyFailed': 'Copy failed',
  'theme.CodeBlock.copyButtonAriaLabel': 'Copy code to clipboard',

  // Blog
  'theme.blog.sidebar.title': 'Recent posts',
  'theme.blog.sidebar.navAriaLabel': 'Recent posts',
  'theme.blog.post.readingTime.plurals': 'One min read|{readingTime} min read',
  'theme.blog.post.readMore': 'Read more',
  'theme.blog.post.readMoreLabel': 'Read more about {title}',
  'theme.tags.tagsListLabel': 'Tags',
  'theme.blog.paginator.navAriaLabel': 'Blog list page navigation',
  'theme.blog.paginator.newerEntries': '« Newer entries',
  'theme.blog.paginator.olderEntries': 'Older entries »',
  'theme.blog.paginator.pageCount': 'Page {page} of {total}',
  'theme.blog.paginator.pageTitle': '{blogTitle} – page {page}',
  'theme.blog.post.paginator.navAriaLabel': 'Blog post page navigation',
  'theme.blog.post.paginator.newerPost': 'Newer post',
  'theme.blog.post.paginator.olderPost': 'Older post',
  'theme.blog.archive.title': 'Blog archive',
  'theme.blog.archive.description': 'Every blog post, year by year.',
  'theme.blog.archive.linkLabel': 'All posts by year',

  // Not found
  'theme.NotFound.title': 'Page Not Found',
  'theme.NotFound.p1': 'We could not find what you were looking for: the link may be wrong or the page may have moved.',
  'theme.NotFound.homeLink': 'Back to the home page',

  // Search modal
  'theme.SearchModal.ariaLabel': 'Search',
  'theme.SearchModal.placeholder': 'Search',
  'theme.SearchModal.searchBox.resetButtonTitle': 'Clear the query',
  'theme.SearchModal.searchBox.resetButtonAriaLabel': 'Clear the query',
  'theme.SearchModal.searchBox.cancelButtonText': 'Cancel',
  'theme.SearchModal.searchBox.loadingAriaLabel': 'Searching',
  'theme.SearchModal.startScreen.helpText':
    'Type to search the documentation: the titles, sections and text of every page.',
  'theme.SearchModal.startScreen.recentSearchesTitle': 'Recent searches',
  'theme.SearchModal.startScreen.sectionsTitle': 'Browse the sections',
  'theme.SearchModal.errorScreen.titleText': 'An error has occured. Please try again...',
  'theme.SearchModal.noResultsScreen.noResultsText': 'No results for "{query}"',
  'theme.SearchModal.noResultsScreen.suggestedQueryText': 'Try searching for:',
  'theme.SearchModal.results.ariaLabel': 'Search results',
  'theme.SearchModal.footer.selectText': 'to select',
  'theme.SearchModal.footer.navigateText': 'to navigate',
  'theme.SearchModal.footer.closeText': 'to close',
  'theme.SearchModal.footer.searchByText': 'Powered by',
  // The category (lvl0) of pages that are in no docs sidebar and not in the blog.
  'theme.SearchPage.category.home': 'Home page',
  'theme.SearchPage.category.page': 'Pages',
  'theme.SearchPage.category.releases': 'Releases',
  'theme.SearchPage.category.docs': 'Documentation',

  // Offline mode
  'theme.PwaReloadPopup.info': 'A new version of this documentation is available.',
  'theme.PwaReloadPopup.refreshButtonText': 'Refresh',
  'theme.PwaReloadPopup.closeButtonAriaLabel': 'Close',

  // Translations: the notice on a page whose original changed, and the status page
  'theme.translations.notice.changed': 'The English original was updated on {date}, after this translation.',
  'theme.translations.notice.deleted':
    'The English original of this page was removed on {date}, after this translation.',
  'theme.translations.notice.historyLink': "See the original's changes",
  'theme.translations.status.title': 'Translation status',
  'theme.translations.status.description': 'Every translated page compared with the original page it follows.',
  'theme.translations.status.comparedWith': 'Compared with the original {ref} at its last commit {sha}{date}.',
  'theme.translations.status.comparedWithDate': ' of {date}',
  'theme.translations.status.column.page': 'Page',
  'theme.translations.status.column.state': 'State',
  'theme.translations.status.column.changes': 'Changes',
  'theme.translations.status.column.lastChange': 'Last change',
  'theme.translations.status.column.original': 'Original',
  'theme.translations.status.changes': '{commits} commit (+{added} −{deleted})|{commits} commits (+{added} −{deleted})',
  'theme.translations.status.movedFrom': ' (was {path})',
  'theme.translations.status.untranslatedTitle': 'Original pages without a translation',
  'theme.translations.status.untranslatedDate': ' (last changed {date})',
  'theme.translations.state.deleted': 'deleted',
  'theme.translations.state.moved': 'moved',
  'theme.translations.state.changed': 'to review',
  'theme.translations.state.untracked': 'no source',
  'theme.translations.state.up-to-date': 'up to date',
  'theme.translations.state.own': 'own page',

  // The dev server's overlay (`docs-it dev`): the build's errors over the page, its warnings in a corner
  'theme.DevOverlay.ariaLabel': 'Build errors',
  'theme.DevOverlay.errors': '{count} error|{count} errors',
  'theme.DevOverlay.warnings': '{count} warning|{count} warnings',
  'theme.DevOverlay.errorsTitle': 'docs-it: {errors} (this page reloads by itself once they are fixed)',
  'theme.DevOverlay.andWarnings': 'and {warnings}',
  'theme.DevOverlay.warningsTitle': 'docs-it: {warnings}',
  'theme.DevOverlay.close': 'Close',
} as const satisfies Record<string, string>;
