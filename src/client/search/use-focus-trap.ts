import { type KeyboardEvent as ReactKeyboardEvent, type RefObject, useEffect } from 'react';

const focusableSelector = [
  'a[href]:not([tabindex="-1"])',
  'button:not([disabled]):not([tabindex="-1"])',
  'input:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * Keeps focus inside the modal dialog: focus that lands outside goes back to the input, and Tab cycles
 * through the dialog's focusable elements. Returns the Tab handler for the dialog's keydown.
 */
export function useFocusTrap(
  dialog: RefObject<HTMLElement | null>,
  input: RefObject<HTMLInputElement | null>,
): (event: ReactKeyboardEvent) => void {
  useEffect(() => {
    // Focus stays inside: anything that moves it out brings it back to the input.
    const keepFocus = (event: FocusEvent) => {
      if (dialog.current && event.target instanceof Node && !dialog.current.contains(event.target))
        input.current?.focus();
    };
    document.addEventListener('focusin', keepFocus);
    return () => document.removeEventListener('focusin', keepFocus);
  }, [dialog, input]);

  return (event) => {
    if (!dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(focusableSelector)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
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
