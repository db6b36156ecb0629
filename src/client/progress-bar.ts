/** Settings of the route-change progress bar (spec §9). */
export const progressSettings = { delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 };

/**
 * A thin bar at the top of the window during slow navigations: it appears only when loading takes longer
 * than 200 ms, trickles forward while waiting, and completes when the page is shown. No spinner. `label` names
 * it for screen readers, in the site's language.
 */
export function createProgressBar(label: string, settings = progressSettings) {
  let bar: HTMLDivElement | undefined;
  let value = 0;
  let showTimer: number | undefined;
  let trickleTimer: number | undefined;

  const set = (n: number) => {
    value = Math.min(Math.max(n, settings.minimum), 1);
    if (bar) bar.style.transform = `translate3d(${(-1 + value) * 100}%,0,0)`;
  };
  const show = () => {
    bar = document.createElement('div');
    bar.id = 'docs-it-progress';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', label);
    bar.style.cssText = [
      'position:fixed;top:0;left:0;width:100%;height:3px;z-index:1000;background:var(--color-primary)',
      `transition:transform ${settings.speed}ms ease;transform:translate3d(-100%,0,0)`,
    ].join(';');
    document.body.appendChild(bar);
    set(settings.minimum);
    trickleTimer = window.setInterval(
      () => set(value + (1 - value) * settings.trickleRate * Math.random() * 4),
      settings.trickleSpeed,
    );
  };
  return {
    start() {
      window.clearTimeout(showTimer);
      showTimer = window.setTimeout(show, settings.delay);
    },
    done() {
      window.clearTimeout(showTimer);
      window.clearInterval(trickleTimer);
      const current = bar;
      bar = undefined;
      if (!current) return;
      current.style.transform = 'translate3d(0,0,0)';
      window.setTimeout(() => current.remove(), settings.speed + 100);
    },
  };
}
