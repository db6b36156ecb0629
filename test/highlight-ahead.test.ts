/*
 * The worker that highlights ahead of the build's thread: it gives the same HTML as a highlighter in this
 * thread, and it starts without the markdown pipeline (it is never sent a page).
 */
import { Worker } from 'node:worker_threads';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CodeBlock, createHighlighter } from '../src/markdown/highlighter';
import { compileWorkerScript } from '../src/site/compile/compile-pool';
import type { ToWorker } from '../src/site/compile/compile-protocol';
import { highlightAhead } from '../src/site/compile/highlight-ahead';
import { repoRoot } from './helpers';

const script = compileWorkerScript(repoRoot, undefined);

test('a block highlighted ahead is the HTML this thread would make', async () => {
  const block: CodeBlock = {
    code: 'fn main() {\n  println!("ciao");\n}\n',
    lang: 'rust',
    highlightLines: [2],
    showLineNumbers: true,
  };
  const ahead = highlightAhead(script);
  try {
    ahead.send(block);
    const html = await ahead.take(block);
    assert.is(html, await createHighlighter().highlight(block));
    assert.is(ahead.taken, 1);
    assert.is(ahead.failed, undefined);
  } finally {
    await ahead.close();
  }
});

test('a highlighting worker has no page compiler: a page sent to it stops it', async () => {
  const worker = new Worker(script, { workerData: { highlightOnly: true } });
  const stopped = new Promise<Error>((resolve, reject) => {
    worker.on('error', resolve);
    worker.on('message', (message: { type: string }) => {
      if (message.type === 'compiled') reject(new Error('the page was compiled'));
    });
  });
  const input = { file: 'docs/intro.md' } as Extract<ToWorker, { type: 'compile' }>['input'];
  worker.postMessage({ type: 'compile', id: 1, input, text: 1 } satisfies ToWorker);
  try {
    assert.match((await stopped).message, 'a highlighting worker was sent a page to compile');
  } finally {
    await worker.terminate();
  }
});

test.run();
