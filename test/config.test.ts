import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatKeyPath } from '../src/config/describe-issue';
import { loadConfig } from '../src/config/load-config';
import { validateConfig } from '../src/config/validate-config';
import { type DocsItError, DocsItErrors, docsItErrorsOf } from '../src/errors';
import { copyFixture, removeDir, repoRoot, runModuleScript } from './helpers';

test('loads the real site.config.ts with its values and defaults', async () => {
  const config = await loadConfig({ packageRoot: repoRoot, config: path.join(repoRoot, 'site.config.ts') });
  assert.is(config.site.title, 'Tauri Apps');
  assert.is(config.site.baseUrl, '/it/');
  assert.equal(
    config.site.i18n.locales.map((l) => l.code),
    ['en', 'fr', 'ko', 'zh-cn', 'it'],
  );
  assert.is(config.site.i18n.defaultLocale, 'en');
  assert.is(config.site.docs.version.label, 'v1');
  assert.is(config.site.docs.version.mainDocId, 'guides/readme');
  assert.equal(Object.keys(config.site.docs.sidebars), ['guides', 'references', 'api', 'js']);
  assert.is(config.site.footer.copyright, 'Copyright © 2024 Tauri Contributors. CC-BY / MIT');
  assert.is(config.site.search.indexUid, 'docs-v1');
  assert.ok(
    config.site.search.synonyms.some((group) => group.includes('vassoio') && group.includes('tray')),
    "the site's synonyms table",
  );
  assert.is(config.site.colorMode.defaultMode, 'dark');
  assert.ok(config.site.announcementBar?.isCloseable);
});

test("validating the real config compiles none of zod's fast parsers (new Function) in a fresh process", () => {
  // A config is parsed once a run: compiling a parser per object schema costs several times the parse itself.
  const module = (file: string) => JSON.stringify(path.join(repoRoot, file));
  const script = `
    const { validateConfig } = await import(${module('src/config/validate-config.ts')});
    const { importTsModule } = await import(${module('src/config/import-ts-module.ts')});
    const { moduleFiles } = await import(${module('src/cache/module-files.ts')});
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const modulesDir = mkdtempSync(tmpdir() + '/docs-it-zod-');
    process.once('exit', () => rmSync(modulesDir, { recursive: true, force: true }));
    const modules = moduleFiles(modulesDir);
    const raw = await importTsModule(${module('site.config.ts')}, 'site.config.ts', {
      modules,
      packageRoot: ${JSON.stringify(repoRoot)},
    });
    const Original = globalThis.Function;
    let compiled = 0;
    globalThis.Function = new Proxy(Original, { construct: (target, args) => (compiled++, new target(...args)) });
    validateConfig(raw, 'site.config.ts');
    globalThis.Function = Original;
    (await import('esbuild')).stop();
    process.stdout.write(String(compiled));`;
  const child = runModuleScript(script);
  assert.is(child.status, 0, child.stderr);
  assert.is(child.stdout, '0', 'parsers compiled');
});

test('names the key of an invalid value', () => {
  const raw = {
    title: 'x',
    tagline: 'y',
    url: 'https://a.b',
    baseUrl: '/it/',
    i18n: {
      defaultLocale: 'en',
      currentLocale: 'en',
      locales: [
        { code: 'en', label: 'E', htmlLang: 'en', path: 'en' },
        { code: 'fr', label: 'F', htmlLang: 'fr', path: 'fr' },
        { code: 'it', label: 'I', htmlLang: 'it', path: 3 },
      ],
    },
  };
  try {
    validateConfig(raw, 'site.config.ts');
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, DocsItErrors);
    const messages = (error as DocsItErrors).errors.map((e) => e.message);
    assert.ok(messages.includes('i18n.locales[2].path: expected a string, got 3'), messages.join('\n'));
  }
});

test('formats key paths with array indexes', () => {
  assert.is(formatKeyPath(['locales', 2, 'path']), 'locales[2].path');
});

test('reports a config syntax error with file and line', async () => {
  const dir = copyFixture('basic', { 'site.config.ts': "export default {\n  title: 'x',,\n};\n" });
  try {
    await loadConfig({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts') });
    assert.unreachable('should throw');
  } catch (error) {
    const [first] = docsItErrorsOf(error);
    assert.is(first?.location?.file, 'site.config.ts');
    assert.is(first?.location?.line, 2);
  } finally {
    removeDir(dir);
  }
});

/** The errors of loading the basic fixture with `edit` applied to its config source. */
async function configErrors(
  edit: (source: string) => string,
  env: Record<string, string> = {},
): Promise<DocsItError[]> {
  const dir = copyFixture('basic');
  const file = path.join(dir, 'site.config.ts');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  try {
    await loadConfig({ packageRoot: repoRoot, config: file, env });
    return [];
  } catch (error) {
    return error instanceof DocsItErrors ? error.errors : [error as DocsItError];
  } finally {
    removeDir(dir);
  }
}

test('a misspelt key is an error with its key path, its line and the key it was probably meant to be', async () => {
  const errors = await configErrors((s) =>
    s
      .replace(
        "  translationNotice: 'Tradotto dalla comunità.',",
        "  translationNotice: 'Tradotto.',\n  colourMode: { defaultMode: 'light' },",
      )
      .replace("    title: 'Prova',", "    title: 'Prova',\n    hideonScroll: false,"),
  );
  const byMessage = new Map(errors.map((e) => [e.message, e]));
  const colour = byMessage.get('colourMode: unknown key; did you mean "colorMode"?');
  assert.ok(colour, errors.map((e) => e.message).join('\n'));
  assert.is(colour!.location?.file, 'site.config.ts');
  assert.is(colour!.location?.line, 57);
  assert.match(colour!.hint ?? '', 'Rename it to "colorMode"');
  const hide = byMessage.get('navbar.hideonScroll: unknown key; did you mean "hideOnScroll"?');
  assert.ok(hide, errors.map((e) => e.message).join('\n'));
  assert.is(hide!.location?.line, 37);
});

test("Docusaurus's docs display, stylesheets, footer html and mdx1Compat options: a bad value is located", async () => {
  const errors = await configErrors((s) =>
    s
      .replace(
        "  translationNotice: 'Tradotto dalla comunità.',",
        "  translationNotice: 'Tradotto.',\n  stylesheets: ['http://cdn.example/a.css'],\n" +
          "  markdown: { mdx1Compat: { undefinedComponents: 'sì' } },",
      )
      .replace(
        "items: [{ label: 'Blog', to: '/it/blog' }] }],",
        "items: [{ label: 'Blog', to: '/it/blog' }, { html: 3 }] }],",
      )
      .replace(
        "version: { name: 'current', label: 'v1', mainDocId: 'guides/readme' },",
        "version: { name: 'current', label: 'v1', mainDocId: 'guides/readme' },\n    breadcrumbs: 'no',\n" +
          '    sidebarCollapsed: 0,\n    sidebarCollapsible: null,\n    showLastUpdateAuthor: 1,',
      ),
  );
  const text = errors.map((e) => `${e.location?.line}: ${e.message}`).join('\n');
  for (const key of [
    'docs.breadcrumbs',
    'docs.sidebarCollapsed',
    'docs.sidebarCollapsible',
    'docs.showLastUpdateAuthor',
  ])
    assert.match(text, new RegExp(`\\d+: ${key.replace('.', '\\.')}: expected a boolean`), text);
  assert.match(text, /\d+: stylesheets\[0\]: /);
  assert.match(text, /\d+: markdown\.mdx1Compat\.undefinedComponents: expected a boolean/);
  assert.match(text, /49: footer\.columns\[0\]\.items\[1\]: does not match any allowed form/, text);
  assert.ok(
    errors.every((e) => e.location?.file === 'site.config.ts' && (e.location?.line ?? 0) > 1),
    text,
  );
});

test('an unknown key without a near match lists the keys allowed there', async () => {
  const [error] = await configErrors((s) => s.replace("    title: 'Prova',", "    title: 'Prova',\n    zzz: 1,"));
  assert.is(error?.message, 'navbar.zzz: unknown key');
  assert.match(error?.hint ?? '', '"hideOnScroll"');
});

test('pwa.precache and pwa.keep: their defaults; a value not a positive whole number is located', async () => {
  const config = await loadConfig({ packageRoot: repoRoot, config: path.join(repoRoot, 'site.config.ts') });
  assert.equal(config.site.pwa.precache, { maxBytes: 20 * 1024 * 1024, maxFiles: 1000 });
  assert.equal(config.site.pwa.keep, { maxFiles: 1000 });
  const errors = await configErrors((s) =>
    s.replace(
      "search: { indexUid: 'docs-v1' },",
      "search: { indexUid: 'docs-v1' },\n  pwa: { precache: { maxFiles: 0.5 }, keep: { maxFiles: 0 } },",
    ),
  );
  const text = errors.map((e) => `${e.location?.file}:${e.location?.line}: ${e.message}`).join('\n');
  const fixtureLines = readFileSync(path.join(repoRoot, 'test/fixtures/basic/site.config.ts'), 'utf8').split('\n');
  const line = fixtureLines.findIndex((l) => l.includes("search: { indexUid: 'docs-v1' },")) + 2;
  assert.is(
    text,
    `site.config.ts:${line}: pwa.precache.maxFiles: expected int, got 0.5\n` +
      `site.config.ts:${line}: pwa.keep.maxFiles: Too small: expected number to be >0`,
  );
  assert.is(errors.length, 2, text);
});

test('search.synonyms: an entry not a list of words or phrases is an error at the table, naming it', async () => {
  const errors = await configErrors((s) =>
    s.replace(
      "search: { indexUid: 'docs-v1' },",
      "search: {\n    indexUid: 'docs-v1',\n    synonyms: [\n      ['vassoio', 'tray'],\n      'finestra',\n" +
        "      ['system-tray', 'vassoio'],\n      ['solo'],\n      ['area  di notifica', 'tray'],\n" +
        "      ['area di notifica', 'system tray'],\n    ],\n  },",
    ),
  );
  const byMessage = new Map(errors.map((e) => [e.message, e]));
  const notList = byMessage.get('search.synonyms[1]: expected an array, got "finestra"');
  assert.ok(notList, errors.map((e) => e.message).join('\n'));
  assert.is(notList!.location?.file, 'site.config.ts');
  // The line of `synonyms:` (array elements have no key to find); the key path names the entry.
  assert.is(notList!.location?.line, 58);
  const notWord = 'expected a word, or words separated by single spaces (no punctuation)';
  const punctuation = byMessage.get(`search.synonyms[2][0]: ${notWord}`);
  assert.ok(punctuation, errors.map((e) => e.message).join('\n'));
  assert.is(punctuation!.location?.line, 58);
  assert.ok(byMessage.has(`search.synonyms[4][0]: ${notWord}`), 'two spaces');
  assert.not.ok(
    errors.some((e) => e.message.startsWith('search.synonyms[5]')),
    'phrases of words are synonyms too, as Meilisearch takes them',
  );
  assert.ok(
    errors.some((e) => e.message.startsWith('search.synonyms[3]:') && e.location?.line === 58),
    errors.map((e) => `${e.message} @${e.location?.line}`).join('\n'),
  );
});

test('a logo or favicon that does not exist under content/static is an error at its line', async () => {
  const errors = await configErrors((s) =>
    s.replace(
      "logo: { alt: 'Logo', src: 'img/logo.svg', srcDark: 'img/logo.svg' }",
      "logo: { alt: 'Logo', src: 'img/manca.svg' }",
    ),
  );
  assert.is(errors.length, 1);
  assert.is(errors[0]!.message, 'navbar.logo.src: file not found: content/static/img/manca.svg');
  assert.is(errors[0]!.location?.line, 37);
});

test('a search host or site url that is no address is an error at its key, never "Invalid URL"', async () => {
  const errors = await configErrors((s) =>
    s
      .replace("search: { indexUid: 'docs-v1' },", "search: { indexUid: 'docs-v1', host: 'https://exa mple.org' },")
      .replace("url: 'https://example.org',", "url: 'https://exa mple.org',"),
  );
  assert.equal(
    errors.map((e) => [e.message, e.location?.line]),
    [
      ['url: expected an origin such as "https://example.org" (no spaces, a valid host name)', 6],
      ['search.host: expected the address of a Meilisearch server, such as "https://search.example.org"', 56],
    ],
  );
  const fromEnv = await configErrors((s) => s, { DOCS_IT_SEARCH_HOST: 'http://a b' });
  assert.equal(
    fromEnv.map((e) => [e.message, e.hint]),
    [
      [
        'DOCS_IT_SEARCH_HOST (environment variable): "http://a b" is not a server\'s address: expected the address ' +
          'of a Meilisearch server, such as "https://search.example.org"',
        'Set it to the address of the Meilisearch server, or leave it unset to search the embedded local index.',
      ],
    ],
  );
  assert.equal(await configErrors((s) => s, { DOCS_IT_SEARCH_HOST: 'localhost:7700' }), [], 'a host without scheme');
});

test.run();
