/**
 * React 19 puts a preload of each image it renders (`<link rel="preload" as="image">`) in front of the markup
 * when it renders without a `<head>`: in a page's content or inside the app's root element that is stray markup
 * the browser's own render does not have, and the images are in the HTML anyway. This takes them off.
 */
export function withoutImagePreloads(html: string): string {
  return html.replace(/^(?:<link (?=[^>]*rel="preload")(?=[^>]*as="image")[^>]*\/>)+/, '');
}
