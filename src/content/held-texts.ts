import type { TextPlace } from './text-again';

/**
 * A content file's text is held by its source objects (the file as read, the parsed source, its body) until the
 * build lets it go: a build that keeps no compiled page (see `SiteOptions.keepPages`) lets a page's text go once the
 * page is compiled, so that the texts of a large site are not all held to its end. A text asked for after that is
 * read from disk again, and a file changed since it was first read is a located error (its digest is checked).
 */
const letGoOf = new WeakMap<object, (holder: object) => void>();

/**
 * What letting go of `holder`'s text does (its source object says how to forget it); given the holder, so that one
 * function serves every holder of a kind (no closure a page).
 */
export function onLetGo(holder: object, letGo: (holder: object) => void): void {
  letGoOf.set(holder, letGo);
}

/** Lets go of the text `holder` keeps, if it keeps one it can read again. */
export function letGoOfText(holder: object): void {
  letGoOf.get(holder)?.(holder);
}

/** Where each holder's text is read again once let go (its source object says: see `onPlace`). */
const placeOf = new WeakMap<object, (holder: object) => TextPlace | undefined>();

/** How to find where `holder`'s text is once let go; given the holder, so that one function serves a kind. */
export function onPlace(holder: object, place: (holder: object) => TextPlace | undefined): void {
  placeOf.set(holder, place);
}

/**
 * Where `holder`'s text is, when it holds none now and can say (else undefined: whoever wants it reads it from the
 * holder): for a reader in another thread, which reads and checks it there (`readTextAgain`), counted as read.
 */
export function placeOfText(holder: object): TextPlace | undefined {
  return placeOf.get(holder)?.(holder);
}
