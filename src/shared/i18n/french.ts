/** The theme's interface in French, keyed like `english.ts` (the reference: ids, placeholders, plural forms). */
import type { Catalogue } from './interface-text';

export const frenchCatalogue: Catalogue = {
  // Page frame
  'theme.common.skipToMainContent': 'Aller au contenu principal',
  'theme.AnnouncementBar.closeButtonAriaLabel': 'Fermer',
  'theme.TranslationBar.closeButtonAriaLabel': "Fermer l'avis sur la traduction",
  'theme.ErrorPageContent.title': 'Cette page a planté.',
  'theme.ErrorPageContent.tryAgain': 'Réessayer',
  'theme.ChunkError.message': "Une partie de la page n'a pas pu être chargée : {reason}",
  'theme.ChunkError.retry': 'Réessayer',
  'theme.ProgressBar.ariaLabel': 'Chargement de la page',
  'theme.BaseUrlIssueBanner.title': "Votre site Docusaurus ne s'est pas chargé correctement.",
  'theme.BaseUrlIssueBanner.suggestion':
    "Le site est configuré pour l'URL de base {baseUrl} mais cette page est servie depuis {path}. Vérifiez " +
    'baseUrl dans site.config.ts : essayez baseUrl = {suggestion} ou publiez le site sous {baseUrl}.',

  // Navbar and mobile menu
  'theme.navbar.navAriaLabel': 'Principale',
  'theme.docs.sidebar.toggleSidebarButtonAriaLabel': 'Ouvrir le menu de navigation',
  'theme.docs.sidebar.closeSidebarButtonAriaLabel': 'Fermer le menu',
  'theme.navbar.mobileMenu.ariaLabel': 'Menu de navigation',
  'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel': '← Retour au menu principal',
  'theme.navbar.mobileSidebarSecondaryMenu.openButtonLabel': 'Menu de la documentation →',
  'theme.navbar.localeDropdown.currentLabel': 'Langue : {locale}',
  'theme.navbar.itemError':
    'Un élément de la barre de navigation ne peut pas être affiché : vérifiez la configuration de la barre ' +
    '({message}).',
  'theme.colorToggle.darkMode': 'Mode sombre',
  'theme.colorToggle.switchToLight': 'Passer en mode clair',
  'theme.colorToggle.switchToDark': 'Passer en mode sombre',
  'theme.SearchBar.label': 'Rechercher',

  // Docs
  'theme.docs.sidebar.navAriaLabel': 'Documentation',
  'theme.DocSidebarItem.expandCategoryAriaLabel': 'Déplier la catégorie « {label} »',
  'theme.DocSidebarItem.collapseCategoryAriaLabel': 'Replier la catégorie « {label} »',
  'theme.docs.breadcrumbs.navAriaLabel': "Fil d'Ariane",
  'theme.docs.breadcrumbs.home': "Page d'accueil de la documentation",
  'theme.docs.paginator.navAriaLabel': 'Pages de la documentation',
  'theme.docs.paginator.previous': 'Précédent',
  'theme.docs.paginator.next': 'Suivant',
  'theme.TOC.title': 'Sur cette page',
  'theme.TOCCollapsible.toggleButtonLabel': 'Sur cette page',
  'theme.common.headingLinkTitle': 'Lien direct vers la section « {heading} »',
  'theme.common.editThisPage': 'Modifier cette page',
  'theme.lastUpdated.lastUpdatedAtBy': 'Dernière mise à jour{atDate}{byUser}',
  'theme.lastUpdated.atDate': ' le {date}',
  'theme.lastUpdated.byUser': ' par {user}',
  'theme.admonition.note': 'Remarque',
  'theme.admonition.tip': 'Astuce',
  'theme.admonition.info': 'Info',
  'theme.admonition.caution': 'Prudence',
  'theme.admonition.warning': 'Avertissement',
  'theme.admonition.danger': 'Danger',
  'theme.CodeBlock.copy': 'Copier',
  'theme.CodeBlock.copied': 'Copié',
  'theme.CodeBlock.copyFailed': 'Échec de la copie',
  'theme.CodeBlock.copyButtonAriaLabel': 'Copier le code dans le presse-papiers',

  // Blog
  'theme.blog.sidebar.title': 'Articles récents',
  'theme.blog.sidebar.navAriaLabel': 'Articles récents',
  'theme.blog.post.readingTime.plurals': 'Une minute de lecture|{readingTime} minutes de lecture',
  'theme.blog.post.readMore': 'Lire la suite',
  'theme.blog.post.readMoreLabel': 'Lire la suite de « {title} »',
  'theme.tags.tagsListLabel': 'Étiquettes',
  'theme.blog.paginator.navAriaLabel': 'Pages du blog',
  'theme.blog.paginator.newerEntries': '« Articles plus récents',
  'theme.blog.paginator.olderEntries': 'Articles plus anciens »',
  'theme.blog.paginator.pageCount': 'Page {page} sur {total}',
  'theme.blog.paginator.pageTitle': '{blogTitle} – page {page}',
  'theme.blog.post.paginator.navAriaLabel': 'Autres articles',
  'theme.blog.post.paginator.newerPost': 'Article plus récent',
  'theme.blog.post.paginator.olderPost': 'Article plus ancien',
  'theme.blog.archive.title': 'Archives du blog',
  'theme.blog.archive.description': 'Tous les articles du blog, année par année.',
  'theme.blog.archive.linkLabel': 'Tous les articles par année',

  // Not found
  'theme.NotFound.title': 'Page introuvable',
  'theme.NotFound.p1':
    "Nous n'avons pas trouvé ce que vous cherchiez : le lien est peut-être erroné ou la page a peut-être été déplacée.",
  'theme.NotFound.homeLink': "Retour à la page d'accueil",

  // Search modal
  'theme.SearchModal.ariaLabel': 'Rechercher',
  'theme.SearchModal.placeholder': 'Rechercher',
  'theme.SearchModal.searchBox.resetButtonTitle': 'Effacer la recherche',
  'theme.SearchModal.searchBox.resetButtonAriaLabel': 'Effacer la recherche',
  'theme.SearchModal.searchBox.cancelButtonText': 'Annuler',
  'theme.SearchModal.searchBox.loadingAriaLabel': 'Recherche en cours',
  'theme.SearchModal.startScreen.helpText':
    'Tapez pour chercher dans la documentation : titres, sections et texte de chaque page.',
  'theme.SearchModal.startScreen.recentSearchesTitle': 'Recherches récentes',
  'theme.SearchModal.startScreen.sectionsTitle': 'Parcourir les sections',
  'theme.SearchModal.errorScreen.titleText': "Une erreur s'est produite. Veuillez réessayer…",
  'theme.SearchModal.noResultsScreen.noResultsText': 'Aucun résultat pour « {query} »',
  'theme.SearchModal.noResultsScreen.suggestedQueryText': 'Essayez de chercher :',
  'theme.SearchModal.results.ariaLabel': 'Résultats de la recherche',
  'theme.SearchModal.footer.selectText': 'pour sélectionner',
  'theme.SearchModal.footer.navigateText': 'pour naviguer',
  'theme.SearchModal.footer.closeText': 'pour fermer',
  'theme.SearchModal.footer.searchByText': 'Propulsé par',
  'theme.SearchPage.category.home': "Page d'accueil",
  'theme.SearchPage.category.page': 'Pages',
  'theme.SearchPage.category.releases': 'Versions',
  'theme.SearchPage.category.docs': 'Documentation',

  // Offline mode
  'theme.PwaReloadPopup.info': 'Une nouvelle version de cette documentation est disponible.',
  'theme.PwaReloadPopup.refreshButtonText': 'Actualiser',
  'theme.PwaReloadPopup.closeButtonAriaLabel': 'Fermer',

  // Translations
  'theme.translations.notice.changed': "L'original anglais a été mis à jour le {date}, après cette traduction.",
  'theme.translations.notice.deleted':
    "L'original anglais de cette page a été supprimé le {date}, après cette traduction.",
  'theme.translations.notice.historyLink': "Voir les modifications de l'original",
  'theme.translations.status.title': 'État des traductions',
  'theme.translations.status.description': "Chaque page traduite comparée à la page d'origine qu'elle suit.",
  'theme.translations.status.comparedWith': "Comparaison avec l'original {ref} au dernier commit {sha}{date}.",
  'theme.translations.status.comparedWithDate': ' du {date}',
  'theme.translations.status.column.page': 'Page',
  'theme.translations.status.column.state': 'État',
  'theme.translations.status.column.changes': 'Modifications',
  'theme.translations.status.column.lastChange': 'Dernière modification',
  'theme.translations.status.column.original': 'Original',
  'theme.translations.status.changes': '{commits} commit (+{added} −{deleted})|{commits} commits (+{added} −{deleted})',
  'theme.translations.status.movedFrom': ' (anciennement {path})',
  'theme.translations.status.untranslatedTitle': "Pages d'origine sans traduction",
  'theme.translations.status.untranslatedDate': ' (dernière modification le {date})',
  'theme.translations.state.deleted': 'supprimée',
  'theme.translations.state.moved': 'déplacée',
  'theme.translations.state.changed': 'à relire',
  'theme.translations.state.untracked': 'sans source',
  'theme.translations.state.up-to-date': 'à jour',
  'theme.translations.state.own': 'propre',

  // The dev server's overlay
  'theme.DevOverlay.ariaLabel': 'Erreurs de compilation',
  'theme.DevOverlay.errors': '{count} erreur|{count} erreurs',
  'theme.DevOverlay.warnings': '{count} avertissement|{count} avertissements',
  'theme.DevOverlay.errorsTitle': 'docs-it : {errors} (la page se recharge toute seule une fois corrigées)',
  'theme.DevOverlay.andWarnings': 'et {warnings}',
  'theme.DevOverlay.warningsTitle': 'docs-it : {warnings}',
  'theme.DevOverlay.close': 'Fermer',
};
