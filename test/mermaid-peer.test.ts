/*
 * Mermaid is an optional peer dependency: docs-it draws diagrams with the site's own `mermaid` package. A copy of
 * the docs-it package whose node_modules lacks it stands for an install without it.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DevSite } from '../src/dev/dev-site';
import { formatError } from '../src/errors';
import { docusaurusPagesWithoutDiagrams } from './docusaurus-fixture';
import { buildErrors, copyFixture, removeDir, repoRoot } from './helpers';

const work = mkdtempSync(path.join(tmpdir(), 'docs-it-mermaid-'));
const pkg = path.join(work, 'docs-it');
// A checkout's files: its tsconfig says how its TypeScript and JSX compile (dev's compile workers read it).
for (const entry of ['src', 'templates', 'bin', 'package.json', 'tsconfig.json', 'tsconfig.base.json']) {
  cpSync(path.join(repoRoot, entry), path.join(pkg, entry), { recursive: true });
}
mkdirSync(path.join(pkg, 'node_modules'));
for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
  if (entry === '.cache' || entry === 'mermaid') continue;
  symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(pkg, 'node_modules', entry));
}
test.after(() => removeDir(work));

/** The docusaurus fixture's diagrams: two fences, the first (by file) in guide/panoramica.md at line 16. */
const firstDiagram = 'content/docs/guide/panoramica.md';
const withoutDiagrams = docusaurusPagesWithoutDiagrams;

test('a build with a diagram but without the mermaid package fails at the diagram and says npm i mermaid', async () => {
  const errors = await buildErrors('docusaurus', {}, { packageRoot: pkg });
  assert.is(errors.length, 1, errors.join('\n'));
  assert.match(errors[0]!, `${firstDiagram}:16: `);
  assert.match(errors[0]!, 'the mermaid package is not installed');
  assert.match(errors[0]!, 'npm i mermaid');
  // The same package builds the site once no page draws a diagram. That the repository's package (with mermaid)
  // builds the fixture as it is, diagrams drawn, is docusaurus-site.test.ts's shared build (its `before`, whose
  // failure fails that file) and its mermaid test: the same build, not made a second time here.
  assert.equal(await buildErrors('docusaurus', withoutDiagrams(), { packageRoot: pkg }), []);
});

test('dev: a first diagram written while it runs is an error at its line; pages are still served', async () => {
  const dir = copyFixture('docusaurus', withoutDiagrams());
  const site = new DevSite({ packageRoot: pkg, config: path.join(dir, 'site.config.ts') }, '');
  try {
    await site.start();
    assert.equal(
      site.diagnostics.filter((d) => d.severity === 'error').map((d) => formatError(d.error)),
      [],
    );
    const page = path.join(dir, firstDiagram);
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n\`\`\`mermaid\nflowchart LR\n  A --> B\n\`\`\`\n`);
    await site.update([page]);
    const line = readFileSync(page, 'utf8').split('\n').indexOf('```mermaid') + 1;
    const errors = site.diagnostics.filter((d) => d.severity === 'error').map((d) => formatError(d.error));
    assert.is(errors.length, 1, errors.join('\n'));
    assert.match(errors[0]!, `${firstDiagram}:${line}: `);
    assert.match(errors[0]!, 'npm i mermaid');
    const served = await site.respond('/lanterna/docs/guide/panoramica');
    assert.ok(served.kind === 'page' && served.status === 200 && served.html.includes('mermaid-source'));
  } finally {
    await site.dispose();
    removeDir(dir);
  }
});

/** The scripts a page served by `dev` loads, with what each imports (its static and dynamic imports). */
async function scriptsOf(site: DevSite, route: string): Promise<Map<string, string>> {
  const served = await site.respond(route);
  assert.ok(served.kind === 'page', route);
  const scripts = new Map<string, string>();
  const pending = [...served.html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => m[1]!);
  while (pending.length > 0) {
    const url = pending.pop()!;
    if (scripts.has(url)) continue;
    const asset = await site.respond(url);
    assert.ok(asset.kind === 'asset', `${url} is served`);
    const code = typeof asset.contents === 'string' ? asset.contents : Buffer.from(asset.contents).toString('utf8');
    scripts.set(url, code);
    for (const m of code.matchAll(/\bimport\(\s*"([^"]+\.js)"|\bfrom\s*"([^"]+\.js)"/g))
      pending.push(new URL(m[1] ?? m[2]!, `http://dev${url}`).pathname);
  }
  return scripts;
}

/** Whether a page's scripts hold Mermaid's own code (megabytes, bundled only for a site that draws diagrams). */
const drawsDiagrams = (scripts: Map<string, string>) =>
  [...scripts.values()].some((code) => code.includes('mermaid.initialize') || code.includes('flowchart-v2'));

test("dev: a first diagram written while it runs brings Mermaid into the pages' scripts", async () => {
  const dir = copyFixture('docusaurus', withoutDiagrams());
  const site = new DevSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts') }, '');
  try {
    await site.start();
    const route = '/lanterna/docs/guide/panoramica';
    assert.not.ok(drawsDiagrams(await scriptsOf(site, route)), 'no diagram yet: no Mermaid');
    const page = path.join(dir, firstDiagram);
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n\`\`\`mermaid\nflowchart LR\n  A --> B\n\`\`\`\n`);
    await site.update([page]);
    assert.equal(
      site.diagnostics.filter((d) => d.severity === 'error').map((d) => formatError(d.error)),
      [],
    );
    assert.ok(drawsDiagrams(await scriptsOf(site, route)), "the diagram's page loads Mermaid");
  } finally {
    await site.dispose();
    removeDir(dir);
  }
});

test.run();
