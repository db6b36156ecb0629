import { type KeyboardEvent as ReactKeyboardEvent, type RefObject, useEffect } from 'react';

const focusableSelector = [
  'a[href]:not([tabindex="-1"])',
  'button:not([disabled]):not([tabindex="-1"])',
  'input:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The open traps, innermost last: only the innermost one holds focus (the search opened over the menu). */
const openTraps: object[] = [];

/**
 * Keeps focus inside a modal dialog while `active`: focus that lands outside goes back to `home` (or to the
 * dialog's first control), and Tab cycles through the dialog's focusable elements. Returns the Tab handler for
 * the dialog's keydown.
 */
export function useFocusTrap(
  dialog: RefObject<HTMLElement | null>,
  home?: RefObject<HTMLElement | null>,
  active = true,
): (event: ReactKeyboardEvent) => void {
  useEffect(() => {
    if (!active) return;
    const trap = {};
    openTraps.push(trap);
    // Focus stays inside: anything that moves it out brings it back.
    const keepFocus = (event: FocusEvent) => {
      if (openTraps[openTraps.length - 1] !== trap || !dialog.current) return;
      if (event.target instanceof Node && !dialog.current.contains(event.target))
        (home?.current ?? focusableIn(dialog.current)[0])?.focus();
    };
    document.addEventListener('focusin', keepFocus);
    // A render that removes the focused element (results replacing the list shown before them) leaves focus on
    // <body> without any focus event: it goes back home as well.
    const orphaned = new MutationObserver(() => {
      if (openTraps[openTraps.length - 1] !== trap || !dialog.current) return;
      if (document.activeElement === null || document.activeElement === document.body)
        (home?.current ?? focusableIn(dialog.current)[0])?.focus();
    });
    if (dialog.current) orphaned.observe(dialog.current, { childList: true, subtree: true });
    return () => {
      orphaned.disconnect();
      document.removeEventListener('focusin', keepFocus);
      openTraps.splice(openTraps.indexOf(trap), 1);
    };
  }, [dialog, home, active]);

  return (event) => {
    if (!dialog.current || event.key !== 'Tab') return;
    const focusable = focusableIn(dialog.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}

/** The elements Tab reaches inside `root`, in order (those not rendered are left out). */
function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
}
