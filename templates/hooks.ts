import { useEffect, useRef, useState } from 'react';

/** localStorage that never throws: a warning and a no-op when the browser refuses storage. */
export function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const probe = '__docs_it_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch (error) {
    if (!warned) console.warn('localStorage non disponibile: le preferenze non saranno salvate.', error);
    warned = true;
    return { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  }
}
let warned = false;

/** The mobile layout applies at 996px and below (spec §2). */
export const mobileQuery = '(max-width: 996px)';

/** True while the window is in the mobile layout; false on the server and until mounted. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(mobileQuery);
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return mobile;
}

/**
 * Calls `onOutside` on a click or touch outside the element while `active`. The listener is attached once,
 * on mount, so a click that comes right after opening (before effects would re-run) is not missed.
 */
export function useOutside(active: boolean, element: () => HTMLElement | null, onOutside: () => void): void {
  const state = useRef({ active, element, onOutside });
  state.current = { active, element, onOutside };
  useEffect(() => {
    const handler = (event: Event) => {
      const { active: on, element: el, onOutside: callback } = state.current;
      const node = el();
      if (on && node && !node.contains(event.target as Node)) callback();
    };
    document.addEventListener('mousedown', handler);
    document.addEventListener('touchstart', handler, { passive: true });
    return () => {
      document.removeEventListener('mousedown', handler);
      document.removeEventListener('touchstart', handler);
    };
  }, []);
}

/**
 * Scrolls that navigation makes (a jump to a section, Back and Forward, a new page) are not the reader's: they
 * show the navbar instead of hiding it, so the section lands just below it (`scroll-padding-top`). Navigation
 * calls this right after it scrolled; the scroll event that reports that position is then the navigation's
 * (browsers send it a frame or two later), and any other position is the reader's again.
 */
const jumpListeners = new Set<() => void>();
let jumpY: number | undefined;
export function noteNavigationScroll(): void {
  jumpY = window.scrollY;
  for (const listener of jumpListeners) listener();
}

/** Hides the navbar while the reader scrolls down and shows it on the way up; never near the top. */
export function useHideOnScroll(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const jumped = jumpY !== undefined && Math.abs(y - jumpY) < 1;
      jumpY = undefined;
      if (jumped || y < 120) setHidden(false);
      else if (Math.abs(y - last) > 6) setHidden(y > last);
      last = y;
    };
    const onJump = () => setHidden(false);
    window.addEventListener('scroll', onScroll, { passive: true });
    jumpListeners.add(onJump);
    return () => {
      window.removeEventListener('scroll', onScroll);
      jumpListeners.delete(onJump);
    };
  }, [enabled]);
  return hidden;
}
