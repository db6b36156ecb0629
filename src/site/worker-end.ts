import type { Worker } from 'node:worker_threads';

/**
 * How a compile or render worker is stopped: `terminate` once the worker's module has been evaluated, never while
 * it is. V8 aborts the whole process ("Check failed: (location_) != nullptr" in `SourceTextModule::
 * ExecuteAsyncModule`, nodejs/node#53238 and #62114) when a termination lands while a module with top-level await
 * is being evaluated, and both workers' modules have one (they load their pipeline, or the site's theme overrides,
 * before they say they are ready). A worker is stopped early when it was started ahead of its work: the
 * highlighting worker started with a cold build, stopped as soon as the pages turn out to have too few code blocks.
 *
 * The wait ends with the worker's `{ type: 'ready' }` message (the last statement of both modules), an error or
 * its exit; listening starts here, so this is called as the worker is made.
 */
export function workerEnd(worker: Worker): () => Promise<void> {
  const evaluated = new Promise<void>((resolve) => {
    const done = () => {
      worker.off('message', onMessage);
      worker.off('error', done);
      worker.off('exit', done);
      resolve();
    };
    const onMessage = (message: unknown) => {
      if ((message as { type?: unknown } | null)?.type === 'ready') done();
    };
    worker.on('message', onMessage);
    worker.on('error', done);
    worker.on('exit', done);
  });
  return async () => {
    await evaluated;
    await worker.terminate();
  };
}
