/** The site path a click on this link should navigate to in-app, or undefined when the browser should handle it. */
export function inAppPath(anchor: HTMLAnchorElement, baseUrl: string, event?: MouseEvent): string | undefined {
  if (
    event &&
    (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
  )
    return undefined;
  if (anchor.target && anchor.target !== '_self') return undefined;
  if (anchor.hasAttribute('download')) return undefined;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return undefined;
  if (!(url.pathname === baseUrl.replace(/\/$/, '') || url.pathname.startsWith(baseUrl))) return undefined;
  // Files (feeds, images, the sitemap) are not pages.
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}

/** True when only the hash differs from the current location (the browser scrolls by itself). */
export function isSamePageHash(target: string): boolean {
  const url = new URL(target, location.href);
  return url.pathname === location.pathname && url.search === location.search && url.hash !== '';
}

/** Prefetching is skipped on slow connections and with data saving on. */
export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return !(connection?.saveData || /2g/.test(connection?.effectiveType ?? ''));
}
