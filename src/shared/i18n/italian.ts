/**
 * The theme's interface in Italian, keyed like `english.ts` (the reference: see there for ids, placeholders and
 * plural forms). The search modal, the crash page and the chunk error keep the English wording the product's
 * specification quotes.
 */
import type { Catalogue } from './interface-text';

export const italianCatalogue: Catalogue = {
  // Page frame
  'theme.common.skipToMainContent': 'Vai al contenuto principale',
  'theme.AnnouncementBar.closeButtonAriaLabel': 'Chiudi',
  'theme.TranslationBar.closeButtonAriaLabel': "Chiudi l'avviso sulla traduzione",
  'theme.ErrorPageContent.title': 'This page crashed.',
  'theme.ErrorPageContent.tryAgain': 'Try again',
  'theme.ChunkError.message': 'Impossibile caricare una parte della pagina: {reason}',
  'theme.ChunkError.retry': 'Retry',
  'theme.ProgressBar.ariaLabel': 'Caricamento della pagina',
  'theme.BaseUrlIssueBanner.title': 'Your Docusaurus site did not load properly.',
  'theme.BaseUrlIssueBanner.suggestion':
    "Il sito è configurato per l'URL di base {baseUrl} ma questa pagina è servita da {path}. Controlla baseUrl " +
    'in site.config.ts: prova con baseUrl = {suggestion} oppure pubblica il sito sotto {baseUrl}.',

  // Navbar and mobile menu
  'theme.navbar.navAriaLabel': 'Principale',
  'theme.docs.sidebar.toggleSidebarButtonAriaLabel': 'Apri il menu di navigazione',
  'theme.docs.sidebar.closeSidebarButtonAriaLabel': 'Chiudi il menu',
  'theme.navbar.mobileMenu.ariaLabel': 'Menu di navigazione',
  'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel': '← Torna al menu principale',
  'theme.navbar.mobileSidebarSecondaryMenu.openButtonLabel': 'Menu della documentazione →',
  'theme.navbar.localeDropdown.currentLabel': 'Lingua: {locale}',
  'theme.navbar.itemError':
    'Un elemento della barra di navigazione non può essere mostrato: controlla la configurazione della navbar ' +
    '({message}).',
  'theme.colorToggle.darkMode': 'Modalità scura',
  'theme.colorToggle.switchToLight': 'Passa alla modalità chiara',
  'theme.colorToggle.switchToDark': 'Passa alla modalità scura',
  'theme.SearchBar.label': 'Search',

  // Docs
  'theme.docs.sidebar.navAriaLabel': 'Documentazione',
  'theme.DocSidebarItem.expandCategoryAriaLabel': 'Espandi la categoria «{label}»',
  'theme.DocSidebarItem.collapseCategoryAriaLabel': 'Comprimi la categoria «{label}»',
  'theme.docs.breadcrumbs.navAriaLabel': 'Percorso',
  'theme.docs.breadcrumbs.home': 'Pagina iniziale della documentazione',
  'theme.docs.paginator.navAriaLabel': 'Pagine della documentazione',
  'theme.docs.paginator.previous': 'Precedente',
  'theme.docs.paginator.next': 'Successivo',
  'theme.TOC.title': 'In questa pagina',
  'theme.TOCCollapsible.toggleButtonLabel': 'In questa pagina',
  'theme.common.headingLinkTitle': 'Link diretto alla sezione «{heading}»',
  'theme.common.editThisPage': 'Modifica questa pagina',
  'theme.lastUpdated.lastUpdatedAtBy': 'Ultimo aggiornamento{atDate}{byUser}',
  'theme.lastUpdated.atDate': ' il {date}',
  'theme.lastUpdated.byUser': ' da {user}',
  'theme.admonition.note': 'Nota',
  'theme.admonition.tip': 'Suggerimento',
  'theme.admonition.info': 'Info',
  'theme.admonition.caution': 'Attenzione',
  'theme.admonition.warning': 'Avviso',
  'theme.admonition.danger': 'Pericolo',
  'theme.CodeBlock.copy': 'Copia',
  'theme.CodeBlock.copied': 'Copiato',
  'theme.CodeBlock.copyFailed': 'Copia non riuscita',
  'theme.CodeBlock.copyButtonAriaLabel': 'Copia il codice negli appunti',

  // Blog
  'theme.blog.sidebar.title': 'Articoli recenti',
  'theme.blog.sidebar.navAriaLabel': 'Articoli recenti',
  'theme.blog.post.readingTime.plurals': '1 min di lettura|{readingTime} min di lettura',
  'theme.blog.post.readMore': 'Continua a leggere',
  'theme.blog.post.readMoreLabel': 'Continua a leggere «{title}»',
  'theme.tags.tagsListLabel': 'Etichette',
  'theme.blog.paginator.navAriaLabel': 'Pagine del blog',
  'theme.blog.paginator.newerEntries': '« Articoli più recenti',
  'theme.blog.paginator.olderEntries': 'Articoli meno recenti »',
  'theme.blog.paginator.pageCount': 'Pagina {page} di {total}',
  'theme.blog.paginator.pageTitle': '{blogTitle} – pagina {page}',
  'theme.blog.post.paginator.navAriaLabel': 'Altri articoli',
  'theme.blog.post.paginator.newerPost': 'Articolo più recente',
  'theme.blog.post.paginator.olderPost': 'Articolo meno recente',
  'theme.blog.archive.title': 'Archivio del blog',
  'theme.blog.archive.description': 'Tutti gli articoli del blog, anno per anno.',
  'theme.blog.archive.linkLabel': 'Tutti gli articoli per anno',

  // Not found
  'theme.NotFound.title': 'Pagina non trovata',
  'theme.NotFound.p1':
    'Non abbiamo trovato quello che cercavi: il link potrebbe essere sbagliato o la pagina potrebbe essere ' +
    'stata spostata.',
  'theme.NotFound.homeLink': 'Torna alla pagina iniziale',

  // Search modal
  'theme.SearchModal.ariaLabel': 'Search',
  'theme.SearchModal.placeholder': 'Search',
  'theme.SearchModal.searchBox.resetButtonTitle': 'Clear the query',
  'theme.SearchModal.searchBox.resetButtonAriaLabel': 'Clear the query',
  'theme.SearchModal.searchBox.cancelButtonText': 'Cancel',
  'theme.SearchModal.searchBox.loadingAriaLabel': 'Ricerca in corso',
  'theme.SearchModal.startScreen.helpText':
    'Scrivi per cercare nella documentazione: titoli, sezioni e testo di ogni pagina.',
  'theme.SearchModal.startScreen.recentSearchesTitle': 'Ricerche recenti',
  'theme.SearchModal.startScreen.sectionsTitle': 'Sfoglia le sezioni',
  'theme.SearchModal.errorScreen.titleText': 'An error has occured. Please try again...',
  'theme.SearchModal.noResultsScreen.noResultsText': 'No results for "{query}"',
  'theme.SearchModal.noResultsScreen.suggestedQueryText': 'Try searching for:',
  'theme.SearchModal.results.ariaLabel': 'Risultati della ricerca',
  'theme.SearchModal.footer.selectText': 'to select',
  'theme.SearchModal.footer.navigateText': 'to navigate',
  'theme.SearchModal.footer.closeText': 'to close',
  'theme.SearchModal.footer.searchByText': 'Powered by',
  // The category (lvl0) of pages that are in no docs sidebar and not in the blog.
  'theme.SearchPage.category.home': 'Pagina iniziale',
  'theme.SearchPage.category.page': 'Pagine',
  'theme.SearchPage.category.releases': 'Rilasci',
  'theme.SearchPage.category.docs': 'Documentazione',

  // Offline mode
  'theme.PwaReloadPopup.info': 'È disponibile una nuova versione di questa documentazione.',
  'theme.PwaReloadPopup.refreshButtonText': 'Aggiorna',
  'theme.PwaReloadPopup.closeButtonAriaLabel': 'Chiudi',

  // Translations: the notice on a page whose original changed, and the status page
  'theme.translations.notice.changed': "L'originale inglese è stato aggiornato il {date} dopo questa traduzione.",
  'theme.translations.notice.deleted':
    "L'originale inglese di questa pagina è stato rimosso il {date}, dopo questa traduzione.",
  'theme.translations.notice.historyLink': "Vedi le modifiche dell'originale",
  'theme.translations.status.title': 'Stato delle traduzioni',
  'theme.translations.status.description': 'Ogni pagina tradotta confrontata con la pagina originale che segue.',
  'theme.translations.status.comparedWith': "Confronto con l'originale {ref} all'ultimo commit {sha}{date}.",
  'theme.translations.status.comparedWithDate': ' del {date}',
  'theme.translations.status.column.page': 'Pagina',
  'theme.translations.status.column.state': 'Stato',
  'theme.translations.status.column.changes': 'Modifiche',
  'theme.translations.status.column.lastChange': 'Ultima modifica',
  'theme.translations.status.column.original': 'Originale',
  'theme.translations.status.changes': '{commits} commit (+{added} −{deleted})',
  'theme.translations.status.movedFrom': ' (era {path})',
  'theme.translations.status.untranslatedTitle': 'Pagine originali senza traduzione',
  'theme.translations.status.untranslatedDate': ' (ultima modifica {date})',
  'theme.translations.state.deleted': 'eliminata',
  'theme.translations.state.moved': 'spostata',
  'theme.translations.state.changed': 'da rivedere',
  'theme.translations.state.untracked': 'senza fonte',
  'theme.translations.state.up-to-date': 'aggiornata',
  'theme.translations.state.own': 'propria',

  // The dev server's overlay (`docs-it dev`)
  'theme.DevOverlay.ariaLabel': 'Errori di compilazione',
  'theme.DevOverlay.errors': '{count} errore|{count} errori',
  'theme.DevOverlay.warnings': '{count} avviso|{count} avvisi',
  'theme.DevOverlay.errorsTitle': 'docs-it: {errors} (la pagina si ricarica da sola quando sono corretti)',
  'theme.DevOverlay.andWarnings': 'e {warnings}',
  'theme.DevOverlay.warningsTitle': 'docs-it: {warnings}',
  'theme.DevOverlay.close': 'Chiudi',
};
