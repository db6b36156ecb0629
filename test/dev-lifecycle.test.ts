import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startDev } from '../src/cli/dev-command';
import { collectingReporter } from '../src/site/reporter';
import { copyFixture, removeDir, repoRoot } from './helpers';

// Closing dev while an edit is applied: the update finishes before the site is disposed, so nothing it loads or
// compiles lands in a folder the caller removes once `close` has returned.
test('close waits for the update under way, and disposes the site only after it', async () => {
  const dir = copyFixture('basic');
  const dev = await startDev(
    { packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), port: 0, host: '127.0.0.1', open: false },
    collectingReporter(),
  );
  // As dev.test.ts: the watcher takes edits once the first compile is done (one saved at once may be missed).
  await dev.site.compileEverything();
  const order: string[] = [];
  let started: () => void = () => {};
  const updateStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  const { site } = dev;
  const update = site.update.bind(site);
  site.update = async (changed, servable) => {
    order.push('update');
    started();
    // Long enough that a close which does not wait disposes the site first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const result = await update(changed, servable);
    order.push('update done');
    return result;
  };
  const dispose = site.dispose.bind(site);
  site.dispose = async () => {
    order.push('dispose');
    await dispose();
  };
  try {
    const file = path.join(dir, 'content/docs/guides/faq.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Risposte brevi.', 'Risposte nuove.'));
    await updateStarted;
    await dev.close();
    assert.equal(order, ['update', 'update done', 'dispose']);
  } finally {
    removeDir(dir);
  }
});

test.run();
