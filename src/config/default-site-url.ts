/** The site's URL when the config names none: pages link by path (see load-config's warning). */
export const defaultSiteUrl = 'http://localhost';
