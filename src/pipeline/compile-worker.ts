/*
 * A compile worker: a thread that compiles pages for the build (see compile-pool). It loads the markdown
 * pipeline and its own highlighter, and nothing else of the CLI.
 */
import { writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { DocsItError } from '../errors';
import { CompileCrash, createPageCompiler } from '../markdown/compile-page';
import { type CodeBlock, createHighlighter } from '../markdown/highlighter';
import type { FromWorker, ToWorker, WorkerError } from './compile-protocol';

const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);
const highlighter = createHighlighter();
const waiting = new Map<number, (html: string | undefined) => void>();
let lastId = 0;

/** A block from the build's cache, else highlighted here and handed to the cache. */
async function highlight(block: CodeBlock): Promise<string> {
  const id = ++lastId;
  const cached = await new Promise<string | undefined>((resolve) => {
    waiting.set(id, resolve);
    send({ type: 'lookup', id, block });
  });
  if (cached !== undefined) return cached;
  const html = await highlighter.highlight(block);
  send({ type: 'store', block, html });
  return html;
}

const compilePage = createPageCompiler({ highlighter: { resolveLanguage: highlighter.resolveLanguage, highlight } });

/** Written in place, as the cache's own store does (a file cut short reads as a miss); a failure only costs time. */
function writeCacheEntry(file: string, page: unknown): void {
  try {
    writeFileSync(file, JSON.stringify(page));
  } catch {
    // The next build compiles the page again.
  }
}

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

type CompileMessage = Extract<ToWorker, { type: 'compile' }>;
// Pages run one after the other, in the order they came: a worker that dies was on the first of them, and the
// pool gives the others to another worker (see compile-pool).
const pages: CompileMessage[] = [];
let compiling = false;

function compileNext(): void {
  if (compiling) return;
  const message = pages.shift();
  if (!message) return;
  compiling = true;
  compilePage(message.input)
    .then(
      (page) => {
        // Written here rather than by the build's thread, which would otherwise keep the other workers waiting.
        if (message.cacheFile) writeCacheEntry(message.cacheFile, page);
        send({ type: 'compiled', id: message.id, page });
      },
      (error: unknown) => send({ type: 'compiled', id: message.id, error: asWorkerError(error, message.input.file) }),
    )
    .finally(() => {
      compiling = false;
      compileNext();
    });
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'compile') {
    pages.push(message);
    compileNext();
  } else if (message.type === 'highlight') {
    const { id } = message;
    highlighter.highlight(message.block).then(
      (html) => send({ type: 'highlighted', id, html }),
      (error: unknown) => send({ type: 'highlighted', id, error: String((error as Error)?.message ?? error) }),
    );
  } else {
    const resolve = waiting.get(message.id);
    waiting.delete(message.id);
    resolve?.(message.html);
  }
});

send({ type: 'ready' });
