/*
 * npm run bench:dev-memory: 800 saves of one page in `docs-it dev` (each with new text and a new code block),
 * the page fetched after each; prints RSS and the heap after a full GC every 200 saves. A flat heap means dev
 * keeps nothing per save.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startDev } from '../src/cli/dev-command';
import { copyFixture, removeDir, repoRoot } from '../test/helpers';

const saves = Number(process.env.SAVES ?? 800);
const dir = copyFixture('basic');
const dev = await startDev({
  packageRoot: repoRoot,
  config: path.join(dir, 'site.config.ts'),
  port: 0,
  host: '127.0.0.1',
  open: false,
});
await dev.site.compileEverything();
const file = path.join(dir, 'content/docs/guides/faq.md');
const original = readFileSync(file, 'utf8');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench:dev-memory does)');
for (let i = 1; i <= saves; i++) {
  const code = `\`\`\`rust\nfn versione_${i}() {}\n\`\`\``;
  writeFileSync(file, original.replace('Risposte brevi.', `Risposte brevi, versione ${i}.\n\n${code}`));
  await dev.site.update([file]);
  await fetch(`${dev.url}v1/guides/faq`).then((r) => r.text());
  if (i % 200 === 0 || i === saves) {
    gc();
    const { rss, heapUsed } = process.memoryUsage();
    console.log(`salvataggio ${i}: RSS ${(rss / 1e6).toFixed(0)} MB, heap dopo GC ${(heapUsed / 1e6).toFixed(1)} MB`);
  }
}
await dev.close();
removeDir(dir);
