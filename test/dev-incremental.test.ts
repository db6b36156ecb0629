/*
 * `dev`'s update from the saved files alone (the watcher's list): what it must still see. The DevSite is driven
 * directly (no watcher), so each update gets exactly the files named.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startDev } from '../src/cli/dev-command';
import { DevSite } from '../src/dev/dev-site';
import { copyFixture, removeDir, repoRoot } from './helpers';

const dir = copyFixture('basic');
const site = new DevSite({ config: path.join(dir, 'site.config.ts'), packageRoot: repoRoot }, '');
const at = (rel: string) => path.join(dir, rel);
const read = (rel: string) => readFileSync(at(rel), 'utf8');

async function html(route: string): Promise<string> {
  const response = await site.respond(route);
  if (response.kind !== 'page' || response.status !== 200) throw new Error(`${route}: no page`);
  return response.html;
}

/** Writes `text` to a content file and applies the save. */
function save(rel: string, text: string) {
  writeFileSync(at(rel), text);
  return site.update([at(rel)]);
}

const errorsOf = () => site.diagnostics.filter((d) => d.severity === 'error').map((d) => d.error.message);
/** An error naming `text` is open, or the open ones are shown. */
const assertError = (text: string) =>
  assert.ok(
    errorsOf().some((m) => m.includes(text)),
    errorsOf().join('\n'),
  );

test.before(async () => {
  await site.start();
  await site.compileEverything();
});
test.after(async () => {
  await site.dispose();
  removeDir(dir);
});

test('a save reads only the saved files: another file changed on disk waits for its own save', async () => {
  const faq = read('content/docs/guides/faq.md');
  const second = read('content/docs/guides/intro/secondo.md');
  writeFileSync(at('content/docs/guides/intro/secondo.md'), second.replace('Torna al', 'Ritorna al'));
  await save('content/docs/guides/faq.md', faq.replace('Risposte brevi.', 'Risposte salvate.'));
  assert.match(await html('/it/v1/guides/faq'), 'Risposte salvate.');
  assert.not.match(await html('/it/v1/guides/intro/secondo'), 'Ritorna al');
  await site.update([at('content/docs/guides/intro/secondo.md')]);
  assert.match(await html('/it/v1/guides/intro/secondo'), 'Ritorna al');
  await save('content/docs/guides/faq.md', faq);
  await save('content/docs/guides/intro/secondo.md', second);
});

test('a title saved shows in the sidebar and in the next page’s previous link', async () => {
  const file = 'content/docs/guides/intro/primo.md';
  const good = read(file);
  const result = await save(file, good.replace('title: Primo passo', 'title: Primo rinominato'));
  assert.is(result.paths, 'all');
  const next = await html('/it/v1/guides/intro/secondo');
  assert.match(next, '<a class="menu-link" href="/it/v1/guides/intro/primo">Primo rinominato</a>');
  assert.match(
    next,
    /<a class="pagination-link pagination-prev" href="\/it\/v1\/guides\/intro\/primo"[^>]*>.*Primo rinominato</,
  );
  await save(file, good);
  assert.not.match(await html('/it/v1/guides/intro/secondo'), 'Primo rinominato');
});

test('a saved broken link shows its error, and the fix clears it', async () => {
  const file = 'content/docs/guides/faq.md';
  const good = read(file);
  await save(file, `${good}\n[rotto](./manca.md)\n`);
  assertError('broken link');
  await save(file, good);
  assert.equal(errorsOf(), []);
});

test('a page saved broken stays reported while another page is saved', async () => {
  const file = 'content/docs/guides/faq.md';
  const good = read(file);
  await save(file, good.replace('title: FAQ', 'title: [rotto'));
  assertError('invalid front matter');
  const other = 'content/docs/guides/intro/secondo.md';
  const otherText = read(other);
  await save(other, otherText.replace('Torna al', 'Torna ancora al'));
  assertError('invalid front matter');
  await save(file, good);
  assert.equal(errorsOf(), []);
  assert.match(await html('/it/v1/guides/intro/secondo'), 'Torna ancora al');
  await save(other, otherText);
});

test('a new page appears in the routes and sidebars; deleted, it disappears', async () => {
  const file = 'content/docs/guides/intro/terzo.md';
  await save(file, '---\ntitle: Terzo passo\nsidebar_position: 3\n---\n\nIl terzo.\n');
  assert.match(await html('/it/v1/guides/intro/terzo'), 'Il terzo.');
  assert.match(await html('/it/v1/guides/intro/primo'), 'href="/it/v1/guides/intro/terzo"');
  rmSync(at(file));
  const result = await site.update([at(file)]);
  assert.is(result.paths, 'all');
  assert.is((await site.respond('/it/v1/guides/intro/terzo')).kind === 'page' ? 404 : 0, 404);
  assert.not.match(await html('/it/v1/guides/intro/primo'), 'href="/it/v1/guides/intro/terzo"');
});

test('authors.yml saved: the post shows the new name', async () => {
  const file = 'content/blog/authors.yml';
  const good = read(file);
  await save(file, good.replace('Mario Rossi', 'Mario Bianchi'));
  assert.match(await html('/it/blog/2023/01/05/post-05'), 'Mario Bianchi');
  await save(file, good);
  assert.match(await html('/it/blog/2023/01/05/post-05'), 'Mario Rossi');
});

test('a category file saved: the sidebar shows its new label', async () => {
  const file = 'content/docs/guides/intro/_category_.json';
  const good = read(file);
  await save(file, good.replace('Per Iniziare', 'Per Cominciare'));
  assert.match(await html('/it/v1/guides/faq'), 'Per Cominciare');
  await save(file, good);
  assert.not.match(await html('/it/v1/guides/faq'), 'Per Cominciare');
});

test('the config saved: every page shows the new setting', async () => {
  const file = 'site.config.ts';
  const good = read(file);
  const title = /title: '([^']+)'/.exec(good)![1]!;
  await save(file, good.replace(`title: '${title}'`, `title: '${title} nuovo'`));
  assert.match(await html('/it/v1/guides/faq'), `${title} nuovo`);
  await save(file, good);
  assert.not.match(await html('/it/v1/guides/faq'), `${title} nuovo`);
});

test('a page saved with a new import of code renders the imported component', async () => {
  mkdirSync(at('src'), { recursive: true });
  writeFileSync(
    at('src/ciao.tsx'),
    'export default function Ciao() {\n  return <strong>Ciao dal componente</strong>;\n}\n',
  );
  const file = 'content/docs/guides/faq.md';
  const good = read(file);
  await save(file, good.replace(/\n---\n/, "\n---\n\nimport Ciao from '@site/src/ciao';\n\n<Ciao />\n"));
  assert.equal(errorsOf(), []);
  assert.match(await html('/it/v1/guides/faq'), '<strong>Ciao dal componente</strong>');
  await save(file, good);
  assert.not.match(await html('/it/v1/guides/faq'), 'Ciao dal componente');
});

test('an image next to a page, changed: the page links its new copy, and still after a save of the text', async () => {
  const image = 'content/docs/guides/figura.svg';
  const svg = (fill: string) => `<svg xmlns="http://www.w3.org/2000/svg"><rect fill="${fill}"/></svg>\n`;
  writeFileSync(at(image), svg('red'));
  await site.update([at(image)]);
  const file = 'content/docs/guides/faq.md';
  const good = read(file);
  await save(file, `${good}\n![figura](./figura.svg)\n`);
  const urlOf = async () => /src="([^"]*figura-[^"]*\.svg)"/.exec(await html('/it/v1/guides/faq'))?.[1];
  const red = await urlOf();
  assert.ok(red, 'the image is published');
  writeFileSync(at(image), svg('blue'));
  await site.update([at(image)]);
  const blue = await urlOf();
  assert.ok(blue && blue !== red, `a new copy: ${red} → ${blue}`);
  await save(file, `${good}\n![figura](./figura.svg)\n\nAncora.\n`);
  assert.is(await urlOf(), blue);
  await save(file, good);
  rmSync(at(image));
  await site.update([at(image)]);
});

test('readers are told to reload as soon as the page can be served, before the link check', async () => {
  const file = 'content/docs/guides/faq.md';
  const good = read(file);
  writeFileSync(at(file), `${good}\nRisposta pronta.\n\n[rotto](/it/non-esiste)\n`);
  let told: { paths: unknown; html: Promise<string>; errors: string[] } | undefined;
  const result = await site.update([at(file)], (paths) => {
    told = { paths, html: html('/it/v1/guides/faq'), errors: errorsOf() };
  });
  assert.ok(told, 'told before the update ended');
  assert.equal(told.paths, ['/it/v1/guides/faq']);
  assert.match(await told.html, 'Risposta pronta.');
  assert.not.ok(
    told.errors.some((m) => m.includes('broken link')),
    'the links were not checked yet',
  );
  assert.ok(
    result.diagnostics.some((d) => d.error.message.includes('broken link')),
    'the update has their findings',
  );
  await save(file, good);
});

test('through the server: a reload event, the page served after it, then the update with the findings', async () => {
  const served = copyFixture('basic');
  const dev = await startDev({
    packageRoot: repoRoot,
    config: path.join(served, 'site.config.ts'),
    port: 0,
    host: '127.0.0.1',
    open: false,
  });
  const origin = dev.url.replace(/\/it\/$/, '');
  const events: { event: string; data: { id: string; paths: unknown; diagnostics?: { message: string }[] } }[] = [];
  let wake: () => void = () => undefined;
  const request = get(`${origin}/__docs-it/events`, (res) => {
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        events.push({ event: /^event: (.+)$/m.exec(block)![1]!, data: JSON.parse(/^data: (.+)$/m.exec(block)![1]!) });
        wake();
      }
    });
  });
  /** The first event of `kind` from index `from` on, when it comes. */
  const next = async (kind: string, from = 0) => {
    for (;;) {
      const found = events.find((e, i) => i >= from && e.event === kind);
      if (found) return found;
      // A hang guard far above an update's time.
      await new Promise<void>((resolve, reject) => {
        const guard = setTimeout(() => reject(new Error(`no ${kind} event`)), 60_000);
        wake = () => {
          clearTimeout(guard);
          resolve();
        };
      });
    }
  };
  try {
    await next('hello');
    await dev.site.compileEverything();
    const file = path.join(served, 'content/docs/guides/faq.md');
    const reloadEvent = next('reload', events.length);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nRisposta dal server.\n\n[rotto](/it/non-esiste)\n`);
    const reload = await reloadEvent;
    assert.equal(reload.data.paths, ['/it/v1/guides/faq']);
    const updateEvent = next('update', events.indexOf(reload));
    assert.match(await (await fetch(`${origin}/it/v1/guides/faq`)).text(), 'Risposta dal server.');
    const update = await updateEvent;
    assert.is(update.data.id, reload.data.id);
    assert.ok(update.data.diagnostics!.some((d) => d.message.includes('broken link')));
  } finally {
    request.destroy();
    await dev.close();
    removeDir(served);
  }
});

test.run();
