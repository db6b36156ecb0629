/*
 * Files a page uses from next to it (`./img.png`, `import logo from './logo.svg'`): the compiled page names
 * them by a placeholder, and the link stage puts in the URL of the copy the build publishes, named after its
 * content. So a compiled page does not depend on the bytes of its images, and the cache keeps it when they change.
 */

/** What a placeholder starts with: a scheme of our own, which no author writes. */
export const assetPrefix = 'docs-it-asset:';

/** Extensions of files a page links to or shows that are published as they are (not pages). */
const assetExtension =
  /\.(?:png|jpe?g|gif|svg|webp|avif|ico|bmp|pdf|zip|tar|gz|tgz|mp4|webm|ogg|mp3|wav|txt|json|csv)$/i;

/** Whether a relative path names a file published as it is. */
export function isAssetPath(pathPart: string): boolean {
  return assetExtension.test(pathPart);
}

/** Whether an import or `require()` names a file published as it is (its value is the file's URL). */
export function isAssetImport(source: string): boolean {
  return /^(?:\.{1,2}\/|@site\/|\/)/.test(source) && isAssetPath(source);
}

/** The site's static folder, relative to the site (see the config's paths): Docusaurus's `static/`. */
const staticFolder = 'content/static';

/**
 * The static file an import names as Docusaurus sites name it, relative to the site: `/img/a.png` (a path of the
 * published site) and `@site/static/img/a.png` (Docusaurus's static folder) are `content/static/img/a.png`.
 * Undefined for any other import.
 */
export function staticImportTarget(source: string): string | undefined {
  if (source.startsWith('@site/static/')) return `${staticFolder}/${source.slice('@site/static/'.length)}`;
  if (/^\/[^/]/.test(source)) return `${staticFolder}${source}`;
  return undefined;
}

// encodeURIComponent leaves these as they are; quotes and brackets must not end an attribute or a string.
const encode = (target: string) =>
  encodeURIComponent(target).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The placeholder of a site-root relative file (`content/docs/guide/img.png`). */
export function assetPlaceholder(target: string): string {
  return `${assetPrefix}${encode(target)}`;
}

/** Every placeholder in a text; group 1 is the encoded file. */
export const assetPlaceholderPattern = new RegExp(`${assetPrefix}([A-Za-z0-9%._~-]+)`, 'g');

/** The file a placeholder's group 1 names. */
export function assetTargetOf(encoded: string): string {
  return decodeURIComponent(encoded);
}
