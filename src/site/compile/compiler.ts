import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Cache } from '../../cache/stage-cache';
import { type Diagnostic, DocsItError, warningDiagnostic } from '../../errors';
import { fencedCodeBlocks } from '../../markdown/code-fences';
import type { CompileInput } from '../../markdown/compile-page';
import type { CompiledPage } from '../../markdown/compiled-page';
import { type CodeBlock, createHighlighter } from '../../markdown/highlighter';
import { type CompilePool, createCompilePool } from './compile-pool';
import { codeBlockKey, type PageBlocks, type ScanBlocks } from './compile-protocol';
import type { ExecutionPlan } from './execution-plan';
import { type HighlightAhead, highlightAhead } from './highlight-ahead';

/**
 * The one door to compiling pages: the `compile` and `highlight` stages with their outputs kept, run in this
 * thread or in workers as the plan says. Whoever computes an output, the cache keeps it: a worker hands its
 * pages and code blocks back, and this thread stores them (one store, one count).
 */
export interface Compiler {
  /** A page's markdown compiled (links still placeholders), from the cache or computed. */
  compile(input: CompileInput, id?: string): Promise<CompiledPage>;
  /** The page this run compiled (or took from the cache) for `input`, read back from the cache's files. */
  kept(input: CompileInput): CompiledPage | undefined;
  /**
   * Compiles as `plan` says from now on: in its workers (only what the cache lacks reaches one), or in this
   * thread with a worker highlighting ahead the code blocks of `pages` that the cache lacks. A bound on the heaps'
   * growth (`ExecutionPlan.heapGrowingPercent`) is set at once by a build whose cache starts cold, else once it has
   * compiled `heapBoundAfter` pages (a warm build of a large site, which compiles a few, holds far less and would pay
   * the bound's collections for nothing), with a full collection of this thread as the next page is sent that makes it
   * apply at once when the plan asks for one (`collectWhenBounded`); it is V8's, so the whole process's, until it ends.
   */
  follow(plan: ExecutionPlan, pages?: Iterable<CompileInput>): void;
  /**
   * Starts the worker that highlights ahead before the pages are known, sending it the code blocks of `pages`
   * (each content file's markdown, by its file) that the cache lacks, when there are at least `minBlocks`: its start
   * and the grammars' first use then overlap the stages before the markdown's. The next `follow` keeps it (and sends
   * it the blocks of the pages whose files it was not sent) when it plans a worker highlighting ahead, and stops it
   * otherwise. Nothing once `follow` ran.
   */
  highlightEarly(pages: Iterable<{ file: string; body: string }>, minBlocks: number): void;
  /** Whether pages are compiled in workers (then they are best asked for all at once). */
  readonly parallel: boolean;
  /** Whether this thread compiles the pages while a worker highlights their code blocks ahead of it. */
  readonly highlightsAhead: boolean;
  /** How many worker threads compiled pages so far. */
  readonly workers: number;
  /** Code blocks whose HTML a worker highlighting ahead gave. */
  readonly highlightedAhead: number;
  /** How many workers highlighting ahead were started so far (one that was stopped unused counts). */
  readonly highlightWorkers: number;
  /**
   * Its warnings: a worker that could not start (its pages are then compiled, or its blocks highlighted, in this
   * thread: the same output, slower). One each, however many pages it concerned.
   */
  readonly diagnostics: readonly Diagnostic[];
  /**
   * The followed plan's bound for the stages after rendering (`ExecutionPlan.endHeapGrowingPercent`), with a full
   * collection of this thread that makes it apply at once (and lets go of the render stage's garbage); nothing when
   * the plan has none or its first bound was never set (a warm build that compiled a few pages).
   */
  boundTheEnd(): void;
  /** Stops the workers, if any; compiling goes on in this thread until the next `follow`. */
  close(): Promise<void>;
}

export interface CompilerOptions {
  cache: Cache;
  /** The compile worker's module (see `compileWorkerScript`). */
  script: string | URL;
  /** Sets V8's flags for the process (default: `v8.setFlagsFromString`; tests see what a plan asks of it). */
  setV8Flags?: (flags: string) => void;
  /** A full collection of this thread's heap (default: `collectNow`; tests see when one is asked for). */
  collectGarbage?: () => void;
  /** How many pages a build compiles (the cache lacked them) before a plan's bound on the heaps' growth is set. */
  heapBoundAfter?: number;
  /**
   * Starts a worker that may highlight ahead at once, before the config is read: its start (a thread, its modules) then
   * overlaps the config and content stages instead of the model's and the markdown's, which wait for it on a cold
   * build of a small site. `highlightEarly` or `follow` gives it its blocks, or stops it when the pages call for
   * none.
   */
  startHighlighting?: boolean;
  /**
   * The cache holds no highlighted block to send with a page (a build with `--no-cache`, or a first one): each
   * worker finds its page's blocks and keys them itself (see `ScanBlocks`), and this thread never reads a page's text
   * for them. A block two pages share is then highlighted for each (as under `--no-cache` already).
   */
  blocksFoundByWorkers?: boolean;
}

/**
 * A build that compiles this many pages holds what a cold build holds: the bound its plan asks for pays there (a warm
 * build's peak, a few pages compiled, is about half a cold one's: docs/measurements.md, the twelfth session's).
 */
const pagesCompiledForHeapBound = 1000;

/**
 * A full collection of this thread's heap: V8's `gc`, exposed for the moment it is taken from a new context's global
 * (a Node that refuses the flag: nothing happens).
 */
function collectNow(): void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  setFlagsFromString('--no-expose-gc');
  if (typeof gc === 'function') gc();
}

/** Pages a warm build with compile workers compiles on its own thread before it starts one (see `startPool`). */
const pagesCompiledHereFirst = 4;

export function createCompiler({
  cache,
  script,
  setV8Flags = setFlagsFromString,
  collectGarbage = collectNow,
  heapBoundAfter = pagesCompiledForHeapBound,
  startHighlighting = false,
  blocksFoundByWorkers = false,
}: CompilerOptions): Compiler {
  let pool: CompilePool | undefined;
  /** The plan's bound on the heaps' growth, until this build has compiled `heapBoundAfter` pages (then set). */
  let heapGrowingPercent: number | undefined;
  /** The plan's `collectWhenBounded`. */
  let collectWhenBounded = false;
  let compiledPages = 0;
  /** The plan's `endHeapGrowingPercent`, and whether the plan's first bound was set (`boundTheEnd` needs it). */
  let endHeapGrowingPercent: number | undefined;
  let bounded = false;
  /** Set when the bound is: a full collection as the next page is sent to be compiled. */
  let collectAtNextPage = false;
  /** A page compiled (the cache lacked it), here or in a worker: the plan's bound set once enough are. */
  const boundHeaps = () => {
    if (heapGrowingPercent === undefined) return;
    setV8Flags(`--heap-growing-percent=${heapGrowingPercent}`);
    heapGrowingPercent = undefined;
    bounded = true;
    collectAtNextPage = collectWhenBounded;
  };
  const counted =
    <I, O>(run: (input: I) => Promise<O>) =>
    (input: I): Promise<O> => {
      if (++compiledPages >= heapBoundAfter) boundHeaps();
      // V8 applies the bound when a full collection sets the heap's next limit: one now, or the stage grows this
      // thread's heap to the limit its last collection set (up to four times what it held then, never collected on
      // the way: most of a large cold build's markdown-stage peak, docs/measurements.md, h117). Made as the first
      // page goes, not when the plan is followed: the site has let go of its pages' texts by then.
      if (collectAtNextPage) {
        collectAtNextPage = false;
        collectGarbage();
      }
      return run(input);
    };
  let ahead: HighlightAhead | undefined;
  let workersBefore = 0;
  let takenBefore = 0;
  const diagnostics: Diagnostic[] = [];
  const warned = new Set<string>();
  // One warning for each thing that fell back, whichever thread (and however many pages) met it.
  const warnOnce = (message: string) => {
    const what = message.replace(/ \(.*$/s, '');
    if (warned.has(what)) return;
    warned.add(what);
    const hint = 'Nothing to fix in the site: the build goes on without it. Report the reason if it persists.';
    diagnostics.push(warningDiagnostic(new DocsItError(message, undefined, hint)));
  };
  const fellBack = (what: string, reason: Error, instead: string) =>
    warnOnce(`${what} (${reason.message}): ${instead}`);
  const highlighter = createHighlighter({ warn: warnOnce });
  // A block the highlighting worker was sent is taken from it; any other is highlighted here.
  const highlightHere = async (block: CodeBlock) => {
    const html = await ahead?.take(block);
    if (html !== undefined) return html;
    if (ahead?.failed)
      fellBack(
        'the worker highlighting code blocks stopped',
        ahead.failed,
        "they are highlighted in the build's thread",
      );
    return highlighter.highlight(block);
  };
  const highlight = cache.stage('highlight', highlightHere);
  // The markdown pipeline (about a third of the CLI's modules) is loaded by the first page this thread compiles: a
  // build that takes every page from the cache, or whose workers compile them, never loads it.
  let pageCompiler: Promise<(input: CompileInput) => Promise<CompiledPage>> | undefined;
  const loadPageCompiler = () =>
    (pageCompiler ??= import('../../markdown/compile-page').then(({ createPageCompiler }) =>
      createPageCompiler({
        highlighter: { resolveLanguage: highlighter.resolveLanguage, highlight },
        warn: warnOnce,
      }),
    ));
  // A run with nothing cached compiles pages: loaded now, as it was before it could be left out.
  if (cache.startsCold) loadPageCompiler().catch(() => undefined);
  const compileHere = async (input: CompileInput): Promise<CompiledPage> => (await loadPageCompiler())(input);
  const compileStage = cache.stage('compile', counted(compileHere));
  let compile: Compiler['compile'] = compileStage;

  // What the cache holds of a page's code blocks goes with the page to its worker, which highlights the rest
  // itself: a block asked for one message at a time waits for this thread twice (compile-protocol).
  const blocksOf = (
    input: CompileInput,
  ): { sent: PageBlocks; keys: Map<string, string> } | { sent: ScanBlocks; keys?: undefined } => {
    // Nothing to send: the page's text is not read here for them (a large build let it go).
    if (blocksFoundByWorkers) return { sent: { scan: true, version: highlight.version } };
    const known: PageBlocks['known'] = [];
    const missing: string[] = [];
    // Each block's cache key (a digest of its code), made once here: the worker hands a missing block's HTML back by
    // its `codeBlockKey`, and it is kept under this key.
    const keys = new Map<string, string>();
    for (const block of fencedCodeBlocks(input.body, highlighter.resolveLanguage)) {
      const blockKey = codeBlockKey(block);
      if (keys.has(blockKey)) continue;
      const key = highlight.key(block);
      keys.set(blockKey, key);
      const html = highlight.storedAt(key);
      if (html === undefined) missing.push(blockKey);
      else {
        // Counted and kept as used now, as a block a worker asks for is (the stage answers at once).
        void highlight.at(key, async () => html);
        known.push([blockKey, html]);
      }
    }
    return { sent: { known, missing }, keys };
  };
  const keepBlock = (key: string, html: string) => void highlight.at(key, async () => html);

  const startPool = (plan: ExecutionPlan) => {
    const started = createCompilePool({
      size: plan.workers,
      eager: plan.eager,
      script,
      warn: warnOnce,
      // A worker that stops while it highlights a block for another worker's page leaves it to this thread.
      highlight: (block, inWorker) => highlight.via((b) => inWorker(b).catch(() => highlightHere(b)))(block),
      blocks: { of: blocksOf, keep: keepBlock },
      ...(plan.held !== undefined ? { held: plan.held } : {}),
      ...(plan.maxMemoryMb !== undefined ? { resourceLimits: { maxOldGenerationSizeMb: plan.maxMemoryMb } } : {}),
    });
    // A build whose cache had pages (a warm one: after an edit, one or a few pages to compile) compiles its first
    // pages here, and starts a worker only for more: the page compiles in less time than a worker takes to start.
    // Not when workers were asked for (`--jobs`: `eager`), nor in `dev`, which never compiles on its serving thread.
    let hereFirst = cache.startsCold || plan.eager ? 0 : pagesCompiledHereFirst;
    compile = compileStage.via(
      counted(async (input: CompileInput) => {
        if (hereFirst > 0 && started.started === 0) {
          hereFirst--;
          return compileHere(input);
        }
        try {
          return await started.compile(input);
        } catch (error) {
          // Workers that cannot load fail every page: the pages compile here instead, to the same output.
          if (!started.broken) throw error;
          fellBack('the compile workers could not start', started.broken, "pages are compiled in the build's thread");
          return compileHere(input);
        }
      }),
    );
    return started;
  };

  /** The blocks of `bodies` the cache lacks, in order. */
  const blocksToHighlight = (bodies: Iterable<string>) => {
    const blocks: CodeBlock[] = [];
    for (const body of bodies)
      for (const block of fencedCodeBlocks(body, highlighter.resolveLanguage))
        if (highlight.stored(block) === undefined) blocks.push(block);
    return blocks;
  };
  /** A worker started by `highlightEarly` that no `follow` took yet. */
  let early: HighlightAhead | undefined;
  /** The files whose blocks `early` was sent (those the cache lacked). */
  let sentEarly: ReadonlySet<string> | undefined;
  let followed = false;
  let highlightWorkers = 0;
  const startHighlightWorker = () => {
    highlightWorkers++;
    return highlightAhead(script, { warn: warnOnce, here: highlighter });
  };
  /** The worker started before the pages were known (`startHighlighting`), until it is given blocks or stopped. */
  let spare = startHighlighting ? startHighlightWorker() : undefined;
  /** The spare worker when there is one, else a new one. */
  const highlightWorker = () => {
    const worker = spare ?? startHighlightWorker();
    spare = undefined;
    return worker;
  };
  const stopSpare = () => {
    spare?.close().catch(() => undefined);
    spare = undefined;
  };

  const startAhead = (pages: Iterable<CompileInput>, minBlocks: number) => {
    // A page the cache has is not compiled: its blocks (and its text) are not looked at. Nor are those of a page whose
    // file the worker started early was sent: its body is that file's, so its blocks were found and sent already (a
    // block missed would only be highlighted by this thread, as one the worker failed on).
    const sent = early ? sentEarly : undefined;
    const blocks = blocksToHighlight(
      (function* () {
        for (const page of pages) if (!compileStage.has(page) && !sent?.has(page.file)) yield page.body;
      })(),
    );
    // A worker started early highlights the blocks it was sent first: those of the pages follow in their order
    // (one sent already is not sent again).
    const started = early ?? (blocks.length < minBlocks ? undefined : highlightWorker());
    early = undefined;
    sentEarly = undefined;
    for (const block of blocks) started?.send(block);
    return started;
  };

  return {
    compile: (input, id) => compile(input, id),
    kept: (input) => compileStage.kept(input),
    follow(plan, pages = []) {
      followed = true;
      heapGrowingPercent = plan.heapGrowingPercent;
      collectWhenBounded = plan.collectWhenBounded;
      endHeapGrowingPercent = plan.endHeapGrowingPercent;
      // A cold build compiles every page: its heaps are bounded from the stage's start, before they have grown.
      if (cache.startsCold) boundHeaps();
      if (pool || ahead) return stopSpare();
      if (plan.workers > 0) pool = startPool(plan);
      else if (plan.highlightAheadFrom !== undefined) ahead = startAhead(pages, plan.highlightAheadFrom);
      // Planned otherwise after all (compile workers, or none at all): the early worker has nothing to do.
      early?.close().catch(() => undefined);
      early = undefined;
      sentEarly = undefined;
      stopSpare();
    },
    boundTheEnd() {
      if (!bounded || endHeapGrowingPercent === undefined) return;
      setV8Flags(`--heap-growing-percent=${endHeapGrowingPercent}`);
      endHeapGrowingPercent = undefined;
      collectGarbage();
    },
    highlightEarly(pages, minBlocks) {
      if (followed || early) return;
      const files = new Set<string>();
      const blocks = blocksToHighlight(
        (function* () {
          for (const page of pages) {
            files.add(page.file);
            yield page.body;
          }
        })(),
      );
      if (blocks.length < minBlocks) return stopSpare();
      early = highlightWorker();
      sentEarly = files;
      for (const block of blocks) early.send(block);
    },
    get parallel() {
      return pool !== undefined;
    },
    get highlightsAhead() {
      return ahead !== undefined;
    },
    get workers() {
      return workersBefore + (pool?.started ?? 0);
    },
    get highlightedAhead() {
      return takenBefore + (ahead?.taken ?? 0);
    },
    get highlightWorkers() {
      return highlightWorkers;
    },
    diagnostics,
    async close() {
      workersBefore += pool?.started ?? 0;
      takenBefore += ahead?.taken ?? 0;
      const stopping = [pool?.close(), ahead?.close(), early?.close(), spare?.close()];
      pool = undefined;
      ahead = undefined;
      early = undefined;
      sentEarly = undefined;
      spare = undefined;
      compile = compileStage;
      await Promise.all(stopping);
    },
  };
}
