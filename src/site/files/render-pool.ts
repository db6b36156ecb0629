import { Worker } from 'node:worker_threads';
import { handOver } from '../../output/written-file';
import type { FromRenderWorker, RenderShared, ToRenderWorker } from '../../render/render-protocol';
import type { RoutePage } from '../../render/route-props';
import { workerExecArgv } from '../compile/compile-pool';
import { workerEnd } from '../worker-end';

/** Worker threads rendering routes to their HTML documents beside the build's thread (src/render/render-worker). */
export interface RenderPool {
  /**
   * The route's HTML document, rendered by a worker; by `here` (the build's thread) once no worker can (none
   * started, or the one holding the page stopped). The same bytes either way: every thread runs the same code.
   * A worker's bytes are the caller's alone, handed over (see output's `handOver`): written, they are not copied.
   */
  render(page: RoutePage, here: () => string): Promise<Uint8Array | string>;
  /** Stops the workers. */
  close(): Promise<void>;
}

/**
 * The worker's module: its bundled copy next to the CLI bundle (bin/cli-bundle.mjs makes both), or its source
 * (src/render) when docs-it runs from its TypeScript sources.
 */
const workerModule = import.meta.url.endsWith('.ts')
  ? new URL('../../render/render-worker-sources.mjs', import.meta.url)
  : new URL('./render-worker.mjs', import.meta.url);

interface Job {
  page: RoutePage;
  here: () => string;
  resolve(html: Uint8Array | string): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** Stops the worker once its module is evaluated (see `workerEnd`). */
  end: () => Promise<void>;
  jobs: Map<number, Job>;
}

export interface RenderPoolOptions {
  /** Workers to start. */
  size: number;
  shared: RenderShared;
  /** Told once why rendering went back to the build's thread. */
  warn: (message: string) => void;
  /** The worker's module (default: the render worker beside this module); tests give one that cannot start. */
  script?: string | URL;
}

/**
 * Starts `size` render workers, each given `shared` once. A worker that cannot start, or stops, hands its pages back
 * to the build's thread, with one warning for the build: a worker is a way to go faster, never a reason to fail.
 */
export function createRenderPool({ size, shared, warn, script = workerModule }: RenderPoolOptions): RenderPool {
  const slots: Slot[] = [];
  let lastId = 0;
  let warned = false;
  const fallBack = (error: unknown) => {
    if (warned) return;
    warned = true;
    const reason = (error as Error)?.message ?? String(error);
    warn(`pages are rendered on the build's thread alone: a render worker could not run (${reason}).`);
  };
  const renderHere = (job: Job) => {
    try {
      job.resolve(job.here());
    } catch (error) {
      job.reject(error as Error);
    }
  };
  const stopped = (slot: Slot, error: unknown) => {
    const at = slots.indexOf(slot);
    if (at === -1) return;
    slots.splice(at, 1);
    fallBack(error);
    void slot.end();
    const jobs = [...slot.jobs.values()];
    slot.jobs.clear();
    for (const job of jobs) renderHere(job);
  };
  for (let i = 0; i < size; i++) {
    let worker: Worker;
    try {
      worker = new Worker(script, { execArgv: workerExecArgv(), workerData: shared });
    } catch (error) {
      // The shared data cannot be sent (a value no thread can receive), or no thread can start here.
      fallBack(error);
      break;
    }
    const slot: Slot = { worker, end: workerEnd(worker), jobs: new Map() };
    slots.push(slot);
    worker.on('message', (message: FromRenderWorker) => {
      if (message.type === 'ready') return;
      const job = slot.jobs.get(message.id);
      if (!job) return;
      slot.jobs.delete(message.id);
      // Transferred from the worker and held by nothing else here: the writer may take them as they are.
      if (message.type === 'rendered') job.resolve(handOver(message.bytes));
      else {
        const error = new Error(message.message);
        if (message.stack) error.stack = message.stack;
        job.reject(error);
      }
    });
    worker.on('error', (error) => stopped(slot, error));
    worker.on('exit', (code) => stopped(slot, new Error(`the render worker stopped (exit code ${code})`)));
  }
  return {
    render(page, here) {
      return new Promise((resolve, reject) => {
        const job: Job = { page, here, resolve, reject };
        // The worker holding the fewest pages (pages take about as long as each other).
        let slot: Slot | undefined;
        for (const s of slots) if (!slot || s.jobs.size < slot.jobs.size) slot = s;
        if (!slot) return renderHere(job);
        const id = ++lastId;
        slot.jobs.set(id, job);
        slot.worker.postMessage({ type: 'render', id, page } satisfies ToRenderWorker);
      });
    },
    async close() {
      const closing = slots.splice(0);
      await Promise.all(closing.map((slot) => slot.end()));
    },
  };
}
