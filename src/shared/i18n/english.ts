/**
 * The theme's interface in English: Docusaurus's own English wording where it has the string, under the same
 * ids as `italian.ts` (see there for the conventions of placeholders and plural forms).
 */
import type { Catalogue } from './interface-text';

/** The language of `englishCatalogue`: its dates and plural forms are written in it. */
export const englishLanguage = 'en';

export const englishCatalogue: Catalogue = {
  // Page frame
  'theme.common.skipToMainContent': 'Skip to main content',
  'theme.AnnouncementBar.closeButtonAriaLabel': 'Close',
  'theme.TranslationBar.closeButtonAriaLabel': 'Close the notice about the translation',
  'theme.ErrorPageContent.title': 'This page crashed.',
  'theme.ErrorPageContent.tryAgain': 'Try again',
  'theme.ChunkError.message': 'A part of the page could not be loaded: {reason}',
  'theme.ChunkError.retry': 'Retry',
  'theme.BaseUrlIssueBanner.title': 'Your Docusaurus site did not load properly.',
  'theme.BaseUrlIssueBanner.suggestion':
    'The site is configured for the base URL {baseUrl} but this page is served from {path}. Check baseUrl in ' +
    'site.config.ts: try baseUrl = {suggestion}, or publish the site under {baseUrl}.',

  // Navbar and mobile menu
  'theme.navbar.navAriaLabel': 'Main',
  'theme.docs.sidebar.toggleSidebarButtonAriaLabel': 'Toggle navigation bar',
  'theme.docs.sidebar.closeSidebarButtonAriaLabel': 'Close navigation bar',
  'theme.navbar.mobileMenu.ariaLabel': 'Navigation menu',
  'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel': '← Back to main menu',
  'theme.navbar.mobileSidebarSecondaryMenu.openButtonLabel': 'Documentation menu →',
  'theme.navbar.mobileLanguageDropdown.label': 'Languages',
  'theme.navbar.itemError': 'A navbar item cannot be shown: check the navbar of the config ({message}).',
  'theme.colorToggle.ariaLabel': 'Switch between dark and light mode (currently {mode})',
  'theme.colorToggle.ariaLabel.mode.dark': 'dark mode',
  'theme.colorToggle.ariaLabel.mode.light': 'light mode',
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
  'theme.blog.sidebar.navAriaLabel': 'Blog recent posts navigation',
  'theme.blog.post.readingTime.plurals': 'One min read|{readingTime} min read',
  'theme.blog.post.readMore': 'Read more',
  'theme.blog.post.readMoreLabel': 'Read more about {title}',
  'theme.tags.tagsListLabel': 'Tags',
  'theme.blog.paginator.navAriaLabel': 'Blog list page navigation',
  'theme.blog.paginator.newerEntries': 'Newer entries',
  'theme.blog.paginator.olderEntries': 'Older entries',
  'theme.blog.paginator.pageCount': 'Page {page} of {total}',
  'theme.blog.paginator.pageTitle': '{blogTitle} – page {page}',
  'theme.blog.post.paginator.navAriaLabel': 'Blog post page navigation',
  'theme.blog.post.paginator.newerPost': 'Newer post',
  'theme.blog.post.paginator.olderPost': 'Older post',
  'theme.blog.archive.title': 'Archive',
  'theme.blog.archive.description': 'Every blog post, year by year.',
  'theme.blog.archive.linkLabel': 'Every post, by year',

  // Not found
  'theme.NotFound.title': 'Page Not Found',
  'theme.NotFound.p1':
    'We could not find what you were looking for: the link may be wrong, or the page may have moved.',
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
  'theme.SearchModal.startScreen.recentSearchesTitle': 'Recent',
  'theme.SearchModal.startScreen.sectionsTitle': 'Browse the sections',
  'theme.SearchModal.errorScreen.titleText': 'An error has occured. Please try again...',
  'theme.SearchModal.noResultsScreen.noResultsText': 'No results for "{query}"',
  'theme.SearchModal.noResultsScreen.suggestedQueryText': 'Try searching for:',
  'theme.SearchModal.results.ariaLabel': 'Search results',
  'theme.SearchModal.footer.selectText': 'to select',
  'theme.SearchModal.footer.navigateText': 'to navigate',
  'theme.SearchModal.footer.closeText': 'to close',
  'theme.SearchModal.footer.searchByText': 'Powered by',
  'theme.SearchPage.category.home': 'Home',
  'theme.SearchPage.category.page': 'Pages',
  'theme.SearchPage.category.releases': 'Releases',
  'theme.SearchPage.category.docs': 'Documentation',

  // Offline mode
  'theme.PwaReloadPopup.info': 'New version available',
  'theme.PwaReloadPopup.refreshButtonText': 'Refresh',
  'theme.PwaReloadPopup.closeButtonAriaLabel': 'Close',

  // Translations: the notice on a page whose original changed, and the status page
  'theme.translations.notice.changed': 'The original of this page was updated on {date}, after this translation.',
  'theme.translations.notice.deleted': 'The original of this page was removed on {date}, after this translation.',
  'theme.translations.notice.historyLink': "See the original's changes",
  'theme.translations.status.title': 'Translation status',
  'theme.translations.status.description': 'Each translated page against the original page it follows.',
  'theme.translations.status.comparedWith': 'Compared with the original {ref} at its last commit {sha}{date}.',
  'theme.translations.status.comparedWithDate': ' of {date}',
  'theme.translations.status.column.page': 'Page',
  'theme.translations.status.column.state': 'State',
  'theme.translations.status.column.changes': 'Changes',
  'theme.translations.status.column.lastChange': 'Last change',
  'theme.translations.status.column.original': 'Original',
  'theme.translations.status.changes': '{commits} commits (+{added} −{deleted})',
  'theme.translations.status.movedFrom': ' (was {path})',
  'theme.translations.status.untranslatedTitle': 'Original pages without a translation',
  'theme.translations.status.untranslatedDate': ' (last changed {date})',
  'theme.translations.state.deleted': 'deleted',
  'theme.translations.state.moved': 'moved',
  'theme.translations.state.changed': 'to review',
  'theme.translations.state.untracked': 'no source',
  'theme.translations.state.up-to-date': 'up to date',
  'theme.translations.state.own': 'own',
};
