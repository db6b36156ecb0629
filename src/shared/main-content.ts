/**
 * The id of every page's `<main>`: the skip link's target, and where the browser app finds the page's content.
 * Docusaurus's own id for its skip-to-content target, so that a site's CSS or scripts written for Docusaurus find
 * the same element; it names no language.
 */
export const mainContentId = '__docusaurus_skipToContent_fallback';
