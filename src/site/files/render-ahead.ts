/*
 * Pages rendered while the markdown stage still compiles the others. On a small or mid-size site the build's thread
 * waits, through much of that stage, for the thread that highlights code ahead of it; the pages compiled by then
 * are rendered in those waits instead of after every page is compiled. Nothing is written: the documents are held
 * until the render stage takes them, so a build that fails later (a broken link) writes nothing, and a page that
 * could not be rendered ahead is rendered there as usual, failing there with its located error.
 */
import type { RouteKind } from '../../content/content-types';
import { handedOverText } from '../../output/written-file';
import type { MadePart } from '../../search/page-part';
import type { ClientBundle } from '../bundle/bundle-client';
import type { Site } from '../site';
import { routeHtmlRenderer } from './site-files';

/** Documents of routes rendered ahead of the render stage, for `SiteFilesOptions.renderedAhead`. */
export interface RenderAhead {
  /** A content file's page is compiled: its routes are rendered when the thread has nothing else to do. */
  compiled(file: string): void;
  /** The route's document rendered ahead (or being rendered), handed over once; undefined when it was not. */
  take(route: string): Promise<Uint8Array | undefined> | undefined;
  /** The route's search part made ahead (see `renderAhead`'s `partOf`), handed over once; undefined when it was not. */
  takePart(route: string): Promise<MadePart | undefined> | undefined;
  /** Renders nothing more, and lets go of the documents not taken (the search parts wait for the search stage). */
  stop(): void;
  /** Routes rendered ahead so far (for `--verbose` and tests). */
  readonly rendered: number;
}

/**
 * The kinds of route whose props read no page but the route's own (`doc-props.ts`, `blog-props.ts`): rendered as
 * soon as that page is compiled, they never ask for a page the markdown stage has not reached.
 */
const aheadKinds: ReadonlySet<RouteKind> = new Set(['doc', 'blog-post']);

/**
 * Renders the routes of each page `compiled` names, one route per turn of the event loop (`setImmediate`), so
 * that a message from the highlighting thread that the markdown stage waits for is handled between two pages, never
 * after a queue of them. Starts once `bundle` (the document's assets) is made. With `partOf`, each route's search
 * part is made in the next turn after its document: the search stage, after the render stage, would otherwise make
 * it on this thread with nothing to wait for (`searchPartMaker`).
 */
export function renderAhead(
  site: Site,
  bundle: Promise<ClientBundle>,
  partOf?: (route: string) => Promise<MadePart | undefined>,
): RenderAhead {
  const routesOfFile = new Map<string, string[]>();
  for (const route of site.model.routes) {
    if (!route.file || !aheadKinds.has(route.kind)) continue;
    const routes = routesOfFile.get(route.file);
    if (routes) routes.push(route.path);
    else routesOfFile.set(route.file, [route.path]);
  }
  const queue: string[] = [];
  let head = 0;
  const held = new Map<string, Promise<Uint8Array | undefined>>();
  const parts = new Map<string, Promise<MadePart | undefined>>();
  const taken = new Set<string>();
  let render: ((route: string) => Promise<string>) | undefined;
  let stopped = false;
  let scheduled = false;
  let rendered = 0;

  const schedule = () => {
    if (scheduled || stopped || !render || head >= queue.length) return;
    scheduled = true;
    setImmediate(step);
  };
  const step = () => {
    scheduled = false;
    if (stopped || !render) return;
    const route = queue[head++]!;
    if (taken.has(route)) return schedule();
    rendered++;
    // A failure is left to the render stage, which renders the page again and reports it at its place.
    const document = render(route).then(
      // Held here until taken, once, then only by the writer: handed over, it is not copied to its thread.
      (html) => handedOverText(html),
      () => undefined,
    );
    held.set(route, document);
    // The part in a turn of its own after the document: a message the markdown stage waits for is handled between
    // the two. A part that fails, or is not made after `stop`, is made by the search stage (which reports why).
    const part =
      partOf &&
      document
        .then(() => new Promise((resolve) => setImmediate(resolve)))
        .then(() => (stopped ? undefined : partOf(route)))
        .catch(() => undefined);
    if (part) parts.set(route, part);
    // One page at a time: the next waits for this one's props (an image's hash may read a file).
    (part ?? document).then(schedule);
  };
  bundle.then(
    (made) => {
      if (stopped) return;
      render = routeHtmlRenderer(site, made);
      schedule();
    },
    // The bundle's failure is the bundle stage's to report; nothing is rendered ahead.
    () => undefined,
  );

  return {
    compiled(file) {
      const routes = routesOfFile.get(file);
      if (!routes || stopped) return;
      queue.push(...routes);
      schedule();
    },
    take(route) {
      taken.add(route);
      const document = held.get(route);
      held.delete(route);
      return document;
    },
    takePart(route) {
      const part = parts.get(route);
      parts.delete(route);
      return part;
    },
    stop() {
      stopped = true;
      held.clear();
      queue.length = 0;
    },
    get rendered() {
      return rendered;
    },
  };
}
