/** True while the reader is typing: single-key shortcuts must not fire then. */
export function isEditing(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  return (
    element.isContentEditable ||
    element.tagName === 'INPUT' ||
    element.tagName === 'SELECT' ||
    element.tagName === 'TEXTAREA'
  );
}

/** Ctrl+K, or ⌘K on macOS (either works anywhere). */
export function isModK(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
}

/** The keys that open the search: Ctrl/⌘+K anywhere; `s` and `/` when not typing in a field. */
export function isOpenHotkey(event: KeyboardEvent): boolean {
  if (isModK(event)) return true;
  if (event.ctrlKey || event.metaKey || event.altKey || isEditing(event.target)) return false;
  return event.key === '/' || event.key === 's' || event.key === 'S';
}
