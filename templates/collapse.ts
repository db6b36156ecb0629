import { type RefObject, useEffect, useRef } from 'react';

/** Animation time for a height: longer for taller lists, but never slow (the formula Material UI uses). */
export function autoHeightDuration(height: number): number {
  if (!height) return 0;
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

/**
 * Expands and collapses a list with a height animation whose duration follows its height (spec §4), then
 * leaves its height natural and sets `hidden` to match. The first render is not animated.
 */
export function useCollapse(list: RefObject<HTMLElement | null>, expanded: boolean): void {
  const first = useRef(true);
  useEffect(() => {
    const el = list.current;
    if (first.current || !el) {
      first.current = false;
      return;
    }
    // Animate from the current height to the content height (or to zero), then let the height be natural.
    const height = el.scrollHeight;
    const duration = autoHeightDuration(height);
    el.hidden = false;
    // Clipped, never scrolled: `hidden` would make the list a box the browser scrolls to bring a link into view
    // (focus, a pointer's aim), and the list would slide under the pointer as it grows, then jump back at the end.
    // A browser without `clip` (Safari before 16) ignores it and keeps `hidden`.
    el.style.overflow = 'hidden';
    el.style.overflow = 'clip';
    el.style.transition = `height ${duration}ms ease-in-out`;
    el.style.height = expanded ? '0px' : `${height}px`;
    requestAnimationFrame(() => {
      el.style.height = expanded ? `${height}px` : '0px';
    });
    const done = window.setTimeout(() => {
      el.style.transition = '';
      el.style.height = '';
      el.style.overflow = '';
      el.hidden = !expanded;
    }, duration + 20);
    return () => window.clearTimeout(done);
  }, [expanded, list]);
}
