/*
 * The focus indicator of the focused element, read from its computed styles, and its contrast against what
 * surrounds it (WCAG 2.2: at least 3:1). An outline drawn outside the element (offset ≥ 0) lies on its
 * parent's background; one drawn inside, on the element's own. Backgrounds are composited from the root
 * down (a translucent layer over what is under it); a gradient counts each of its colours.
 */
import type { CDPSession, Page } from 'playwright-core';

type Rgba = [number, number, number, number];

export interface FocusRing {
  /** What was focused, for messages. */
  element: string;
  style: string;
  width: number;
  color: string;
  offset: number;
  /** The colours under the ring, from the element (or its parent) up to the root. */
  layers: { color: string; image: string }[];
  /** Product of the opacities from the element up. */
  opacity: number;
}

/** What the page notes of a walk with Tab (see `startTabWalk`). */
interface WalkLog {
  /** Tab keys released since the walk started. */
  steps: number;
  /** The step at which focus came to an element met before; 0 while it has not. */
  cameRound: number;
  rings: FocusRing[];
}

/**
 * Starts a walk with Tab in the page: from now on, each Tab the reader releases notes where focus then is, in the
 * page itself, so that the test presses many Tabs between two calls to the page (the walk takes hundreds): the
 * element already met when focus has come round, else its outline and the backgrounds under it (nothing for the
 * body), read as it is once what focus reveals (a button fading in) has finished appearing: the transitions focus
 * started are taken to their end, where a reader who waits sees them.
 */
export function startTabWalk(page: Page): Promise<void> {
  return page.evaluate(() => {
    const log: WalkLog = { steps: 0, cameRound: 0, rings: [] };
    const met = new WeakSet<Element>();
    (window as unknown as { tabWalk: WalkLog }).tabWalk = log;
    // Focus has moved by the time Tab is released (the key's press moves it); capture comes before the page's own.
    window.addEventListener(
      'keyup',
      (event) => {
        if (event.key !== 'Tab' || event.shiftKey) return;
        log.steps++;
        if (log.cameRound) return;
        const el = document.activeElement;
        if (el && el !== document.body) {
          if (met.has(el)) {
            log.cameRound = log.steps;
            return;
          }
          met.add(el);
          // getAnimations() brings styles up to date first, so the transition focus starts is among them.
          for (const animation of el.getAnimations()) animation.finish();
        }
        if (!(el instanceof HTMLElement) || el === document.body) return;
        const style = getComputedStyle(el);
        const offset = Number.parseFloat(style.outlineOffset) || 0;
        const layers: { color: string; image: string }[] = [];
        let opacity = 1;
        for (let node: Element | null = el; node; node = node.parentElement) {
          const s = getComputedStyle(node);
          opacity *= Number.parseFloat(s.opacity);
          if (node !== el || offset < 0) layers.push({ color: s.backgroundColor, image: s.backgroundImage });
        }
        const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        log.rings.push({
          element: `<${el.tagName.toLowerCase()}${el.className ? ` class="${el.className}"` : ''}> ${label}`,
          style: style.outlineStyle,
          width: Number.parseFloat(style.outlineWidth) || 0,
          color: style.outlineColor,
          offset,
          layers,
          opacity,
        });
      },
      true,
    );
  });
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();
/** The key events of one Tab, as Playwright's `keyboard.press('Tab')` sends them (Tab types no character). */
const tabDown = { type: 'rawKeyDown', key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, location: 0 } as const;
const tabUp = { ...tabDown, type: 'keyUp' } as const;

/**
 * Presses and releases Tab `count` times, as a reader tapping it quickly: the same key events as
 * `keyboard.press('Tab')`, through the browser's input (Chromium's `Input.dispatchKeyEvent`), handed to the page
 * in order, but sent without waiting for the page to have handled each one before the next, so that the page
 * handles several between two frames instead of drawing a frame after each (half the processor time of a walk).
 * What each Tab did is read from the walk's log (`startTabWalk`), which notes it as the key is released.
 */
export async function pressTabs(page: Page, count: number): Promise<void> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  const cdp = await session;
  const sent: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++)
    sent.push(cdp.send('Input.dispatchKeyEvent', tabDown), cdp.send('Input.dispatchKeyEvent', tabUp));
  await Promise.all(sent);
}

/**
 * How far the walk has got: how many Tabs the page has seen released, and whether focus has come round. The rings
 * stay in the page until `tabWalkRings` (handing them all over after every few Tabs cost more than the Tabs).
 */
export function tabWalkSoFar(page: Page): Promise<Omit<WalkLog, 'rings'>> {
  return page.evaluate(() => {
    const { steps, cameRound } = (window as unknown as { tabWalk: WalkLog }).tabWalk;
    return { steps, cameRound };
  });
}

/** The rings of every element the walk met, in order. */
export function tabWalkRings(page: Page): Promise<FocusRing[]> {
  return page.evaluate(() => (window as unknown as { tabWalk: WalkLog }).tabWalk.rings);
}

/**
 * The border that marks a focused field inside it (the search input has no outline: its form's border is its
 * indicator), read as a ring drawn both on the element's own background and on its parent's.
 */
export function readBorderRing(page: Page, selector: string): Promise<FocusRing[]> {
  return page.evaluate((selector) => {
    const el = document.querySelector<HTMLElement>(selector);
    if (!el) throw new Error(`no ${selector}`);
    const style = getComputedStyle(el);
    const rings = [];
    for (const inside of [true, false]) {
      const layers: { color: string; image: string }[] = [];
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement) {
        const s = getComputedStyle(node);
        opacity *= Number.parseFloat(s.opacity);
        if (node !== el || inside) layers.push({ color: s.backgroundColor, image: s.backgroundImage });
      }
      rings.push({
        element: `border of ${selector} (${inside ? 'inside' : 'outside'})`,
        style: style.borderTopStyle,
        width: Number.parseFloat(style.borderTopWidth) || 0,
        color: style.borderTopColor,
        offset: 0,
        layers,
        opacity,
      });
    }
    return rings;
  }, selector);
}

/** Parses what getComputedStyle gives: rgb()/rgba(), or color(srgb …) where color-mix() was used. */
export function parseColor(text: string): Rgba {
  const srgb = /color\(srgb\s+([^)]+)\)/.exec(text);
  if (srgb) {
    const [r = 0, g = 0, b = 0, a = 1] = srgb[1]!
      .split(/[\s/]+/)
      .filter(Boolean)
      .map(Number);
    return [r * 255, g * 255, b * 255, a];
  }
  const m = /rgba?\(([^)]+)\)/.exec(text);
  if (!m) throw new Error(`not an rgb() or color(srgb) colour: ${text}`);
  const [r = 0, g = 0, b = 0, a = 1] = m[1]!
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  return [r, g, b, a];
}

const over = (top: Rgba, under: Rgba): Rgba => {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat(1) as Rgba;
};

function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The possible colours under the ring: one per colour of a gradient on the way down. */
export function backgroundsUnder(layers: FocusRing['layers']): Rgba[] {
  let colours: Rgba[] = [[255, 255, 255, 1]]; // the canvas
  for (const layer of [...layers].reverse()) {
    colours = colours.map((under) => over(parseColor(layer.color), under));
    const stops = [...layer.image.matchAll(/rgba?\([^)]+\)|color\(srgb[^)]+\)/g)].map((m) => parseColor(m[0]));
    if (stops.length) colours = stops.flatMap((stop) => colours.map((under) => over(stop, under)));
  }
  return colours;
}

/** The lowest contrast of the ring against what is under it, or the reason there is no ring to speak of. */
export function ringContrast(ring: FocusRing): number | string {
  if (ring.style === 'none' || ring.width < 2) return `no focus ring (outline ${ring.style} ${ring.width}px)`;
  const colour = parseColor(ring.color);
  return Math.min(
    ...backgroundsUnder(ring.layers).map((under) => {
      // The ring is seen through the element's opacity and its own transparency.
      const seen = over([colour[0], colour[1], colour[2], colour[3] * ring.opacity], under);
      return contrast(seen, under);
    }),
  );
}
