/*
 * A compile worker: a thread that compiles pages for the run (see compile-pool). It loads the markdown
 * pipeline and its own highlighter, and nothing else of the CLI; what it computes goes back to the run, which
 * keeps it. Started to highlight only (`workerData.highlightOnly`, see highlight-ahead), it loads the
 * highlighter alone: the markdown pipeline's modules are most of what a worker compiles as it starts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { stageKey } from '../../cache/stage-key';
import { readBody } from '../../content/text-again';
import { DocsItError } from '../../errors';
import { fencedCodeBlocks } from '../../markdown/code-fences';
import { CompileCrash } from '../../markdown/compile-crash';
import type { CompileInput } from '../../markdown/compile-page';
import type { CompiledPage } from '../../markdown/compiled-page';
import { type CodeBlock, createHighlighter } from '../../markdown/highlighter';
import { BlockClaim, blockClaims } from './block-claims';
import { codeBlockKey, type FromWorker, type ToWorker, type WorkerError } from './compile-protocol';

const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);
const highlighter = createHighlighter({ warn: (message) => send({ type: 'warning', message }) });
const waiting = new Map<number, { resolve(html: string): void; reject(error: Error): void }>();
let lastId = 0;

/** A block's HTML, from the run: its cache's, or highlighted here when the run asks (a `highlight` message). */
function askRun(block: CodeBlock): Promise<string> {
  const id = ++lastId;
  return new Promise<string>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    send({ type: 'block', id, block });
  });
}

/** The page being compiled: what the run said of its blocks, and those highlighted here for it. */
interface PageBlocksHere {
  known: Map<string, string>;
  missing: Set<string>;
  highlighted: Map<string, Promise<string>>;
  /** For a page sent with `ScanBlocks`: each block's cache key by its `codeBlockKey`. */
  keys?: Map<string, string>;
}
let current: PageBlocksHere | undefined;

/**
 * A block's HTML without a message when the run said what it knows of it: its cache's HTML, or highlighted here
 * when its cache lacks it (once per page, though the page is compiled twice when the fast parser gives it up).
 * Each message waits for the run's thread, which is busy with other pages; a block the run said nothing of (the
 * scan missed it) and a block this highlighter fails on are asked for as before.
 */
function highlight(block: CodeBlock): Promise<string> {
  const page = current;
  if (!page) return askRun(block);
  const key = codeBlockKey(block);
  const known = page.known.get(key);
  if (known !== undefined) return Promise.resolve(known);
  if (!page.missing.has(key)) return askRun(block);
  let done = page.highlighted.get(key);
  if (!done) {
    done = highlighter.highlight(block);
    page.highlighted.set(key, done);
  }
  return done.catch(() => {
    page.highlighted.delete(key);
    page.missing.delete(key);
    return askRun(block);
  });
}

const highlightOnly = (workerData as { highlightOnly?: boolean } | null)?.highlightOnly === true;
// Highlighting only, the worker may have been started before its blocks were known (see highlight-ahead).
if (highlightOnly) highlighter.prepare();
// Loaded before the worker says it is ready, as a static import would be: a pipeline that cannot load is a
// worker that cannot start (compile-pool).
const pipeline = highlightOnly ? undefined : await import('../../markdown/compile-page');
const compilePage = pipeline?.createPageCompiler({
  highlighter: { resolveLanguage: highlighter.resolveLanguage, highlight },
  warn: (message) => send({ type: 'warning', message }),
});

function asWorkerError(error: unknown, file: string): WorkerError {
  if (error instanceof DocsItError)
    return { kind: 'located', message: error.message, location: error.location, hint: error.hint };
  const cause = error instanceof CompileCrash ? error.cause : error;
  const stack = (cause as Error)?.stack;
  return {
    kind: 'crash',
    file,
    message: (cause as Error)?.message ?? String(cause),
    ...(stack ? { stack } : {}),
  };
}

/** Who highlights each block ahead: the run's thread may take one before this thread starts on it. */
const claims = blockClaims();

type CompileMessage = Extract<ToWorker, { type: 'compile' }>;

/**
 * What the run sent of a page's blocks, as this worker uses it; for a `ScanBlocks` page, its blocks found here as
 * the run's `blocksOf` finds them (every one missing: the run's cache holds none), each keyed as the cache keys it.
 */
function blocksHere(sent: CompileMessage['blocks'], body: string): PageBlocksHere {
  const highlighted = new Map<string, Promise<string>>();
  if (!sent || !('scan' in sent)) return { known: new Map(sent?.known), missing: new Set(sent?.missing), highlighted };
  const keys = new Map<string, string>();
  for (const block of fencedCodeBlocks(body, highlighter.resolveLanguage)) {
    const blockKey = codeBlockKey(block);
    if (!keys.has(blockKey)) keys.set(blockKey, stageKey('highlight', sent.version, block));
  }
  return { known: new Map(), missing: new Set(keys.keys()), highlighted, keys };
}
/** The interface texts the run sent, by the number its pages name them with (compile-protocol). */
const texts = new Map<number, CompileInput['text']>();
// Pages run one after the other, in the order they came: a worker that dies was on the first of them, and the
// pool gives the others to another worker (see compile-pool).
const pages: CompileMessage[] = [];
let compiling = false;

function compileNext(): void {
  if (compiling) return;
  const message = pages.shift();
  if (!message) return;
  compiling = true;
  if (!compilePage) throw new Error('a highlighting worker was sent a page to compile');
  const { file } = message.input;
  let body: string;
  try {
    body = message.place ? readBody(message.place) : message.input.body!;
  } catch (error) {
    // Not the text the run's facts and keys came from (or unreadable): the page's error, as in the run's thread.
    send({ type: 'compiled', id: message.id, error: asWorkerError(error, file) });
    compiling = false;
    compileNext();
    return;
  }
  const blocks = blocksHere(message.blocks, body);
  current = blocks;
  // The blocks highlighted here go back with the page, or with its error (the run keeps them either way).
  const withBlocks = async (
    result: { page: CompiledPage; json: string; error?: undefined } | { page?: undefined; error: WorkerError },
  ): Promise<FromWorker> => {
    const highlighted: [key: string, html: string][] = [];
    for (const [key, html] of blocks.highlighted) {
      const done = await html.catch(() => undefined);
      // A scanned page's block goes back under its cache key (every block it highlights is one the scan found).
      if (done !== undefined) highlighted.push([blocks.keys?.get(key) ?? key, done]);
    }
    const kept = highlighted.length === 0 ? {} : blocks.keys ? { keyed: highlighted } : { highlighted };
    return { type: 'compiled', id: message.id, ...result, ...kept };
  };
  const text = texts.get(message.text);
  if (!text) throw new Error(`a page names interface text ${message.text}, which was not sent`);
  compilePage({ ...message.input, body, text })
    .then(
      (page) => withBlocks({ page, json: JSON.stringify(page) }),
      (error: unknown) => withBlocks({ error: asWorkerError(error, file) }),
    )
    .then(send)
    .finally(() => {
      current = undefined;
      compiling = false;
      compileNext();
    });
}

/** Highlights a block the run sent, and sends its HTML (or why there is none, or that the run took it). */
function highlightFor({ id, block }: Extract<ToWorker, { type: 'highlight' }>): Promise<void> {
  return highlighter
    .highlightClaimed(block, () => claims.claim(id, BlockClaim.worker))
    .then(
      (html) =>
        send(html === undefined ? { type: 'highlighted', id, skipped: true } : { type: 'highlighted', id, html }),
      (error: unknown) => send({ type: 'highlighted', id, error: String((error as Error)?.message ?? error) }),
    );
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'compile') {
    pages.push(message);
    compileNext();
  } else if (message.type === 'text') texts.set(message.id, message.text);
  else if (message.type === 'claims') claims.add(message.part, message.flags);
  else if (message.type === 'highlight') highlightFor(message);
  else {
    const entry = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.html !== undefined) entry?.resolve(message.html);
    else entry?.reject(new Error(message.error));
  }
});

send({ type: 'ready' });
