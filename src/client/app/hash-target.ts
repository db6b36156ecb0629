import { revealInContent } from '../content-widgets';

/**
 * The element a URL's hash points to, found as the browser finds it: an id equal to the fragment as written,
 * then to its percent-decoded form (`#%C3%A8` and `#è` both find `id="è"`), then an `<a name>`; the first of
 * repeated ids wins. Null for an empty hash, an unknown id and a malformed escape (which the browser ignores
 * too, silently).
 */
export function findHashTarget(hash: string, doc: Document = document): HTMLElement | null {
  const raw = hash.replace(/^#/, '');
  if (!raw) return null;
  let decoded: string | undefined;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = undefined;
  }
  for (const id of decoded === undefined || decoded === raw ? [raw] : [raw, decoded]) {
    const byId = doc.getElementById(id);
    if (byId) return byId;
  }
  const name = decoded ?? raw;
  return (
    [...doc.getElementsByName(name)].find((el): el is HTMLAnchorElement => el instanceof HTMLAnchorElement) ?? null
  );
}

/**
 * Opens what hides the hash's target (a closed `<details>`, an unselected tab) so the browser can scroll to it.
 * Returns the target, or null when the hash points nowhere.
 */
export function revealHashTarget(hash: string): HTMLElement | null {
  const target = findHashTarget(hash);
  if (target) revealInContent(target);
  return target;
}
