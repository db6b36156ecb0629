import { Worker } from 'node:worker_threads';

/**
 * The thread's script: it imports the stemmer's module (the file the browser loads, `stemmerUrl`) and answers each
 * list of words with their stems, in order; `null` ends it. A script of its own, not a bundled entry: it needs
 * nothing of docs-it, and it ends by itself (no `terminate` while a module is evaluated, see site/worker-end.ts).
 * It runs as a script or as a module (a process run with `--input-type=module` evaluates it as one): no `require`.
 */
const script = `
const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
const loaded = import(workerData.url);
parentPort.on('message', (words) => {
  if (words === null) return parentPort.close();
  loaded.then(
    ({ stemmer }) => parentPort.postMessage(words.map((word) => stemmer(word))),
    (error) => parentPort.postMessage({ error: String(error) }),
  );
});
`;

/**
 * A thread that stems the index's words while the build's thread indexes the pages: a cold build of a site of many
 * distinct words (the real site: 6,810) otherwise stems each of them at the index's end, on the build's thread and
 * without V8's optimizing compiler, where a word cost about 15 µs. Words are sent in the order the index numbers
 * them (`send`), and `stems` gives every word's stem by that number. A thread that fails (it cannot load the module,
 * it dies) gives none: the index stems its words itself, the same way.
 */
export class StemThread {
  private readonly worker: Worker;
  private readonly received: string[] = [];
  private sent = 0;
  private failed = false;
  private ended = false;
  private settle: (() => void) | undefined;

  /** `url`: the stemmer's module (`stemmerUrl`). */
  constructor(url: string) {
    this.worker = new Worker(script, { eval: true, workerData: { url } });
    this.worker.on('message', (message: string[] | { error: string }) => {
      if (Array.isArray(message)) for (const stem of message) this.received.push(stem);
      else this.failed = true;
      this.check();
    });
    this.worker.on('error', () => this.fail());
    this.worker.on('exit', () => this.fail());
    // After its listeners (adding one refs a worker again): the thread holds the process open only while it owes
    // stems (`send`), or a build awaiting them would find its event loop empty and end (exit code 13).
    this.worker.unref();
  }

  /** Sends words to stem, the next ones in the index's numbering. */
  send(words: readonly string[]): void {
    if (this.failed || this.ended || words.length === 0) return;
    this.sent += words.length;
    this.worker.ref();
    this.worker.postMessage(words);
  }

  /**
   * Sends the last words (`rest`), then gives every word's stem by its number once the thread has stemmed them all;
   * undefined if it failed. The thread ends.
   */
  async stems(rest: readonly string[]): Promise<string[] | undefined> {
    this.send(rest);
    if (!this.failed && this.received.length < this.sent) await new Promise<void>((resolve) => (this.settle = resolve));
    this.close();
    return this.failed ? undefined : this.received;
  }

  /** Ends the thread (it stems what it was sent, then ends; nothing waits for it). */
  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.worker.postMessage(null);
    this.worker.unref();
  }

  private fail(): void {
    if (this.received.length < this.sent) this.failed = true;
    this.check();
  }

  private check(): void {
    if (!this.failed && this.received.length < this.sent) return;
    this.worker.unref();
    this.settle?.();
  }
}
