import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load-config';
import { formatKeyPath, validateConfig } from '../src/config/validate-config';
import { DocsItError, DocsItErrors } from '../src/errors';
import { copyFixture, removeDir, repoRoot } from './helpers';

test('loads the real site.config.ts with its values and defaults', async () => {
  const config = await loadConfig({ config: path.join(repoRoot, 'site.config.ts') });
  assert.is(config.site.title, 'Tauri Apps');
  assert.is(config.site.baseUrl, '/it/');
  assert.equal(
    config.site.i18n.locales.map((l) => l.code),
    ['en', 'fr', 'ko', 'zh-cn', 'it'],
  );
  assert.is(config.site.i18n.defaultLocale, 'en');
  assert.is(config.site.docs.version.label, 'v1');
  assert.is(config.site.docs.version.mainDocId, 'guides/readme');
  assert.equal(Object.keys(config.site.docs.sidebars), ['guides', 'references', 'js']);
  assert.is(config.site.footer.copyright, 'Copyright © 2024 Tauri Contributors. CC-BY / MIT');
  assert.is(config.site.search.indexUid, 'docs-v1');
  assert.is(config.site.colorMode.defaultMode, 'dark');
  assert.ok(config.site.announcementBar?.isCloseable);
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
    assert.ok(
      messages.some((m) => m.startsWith('docs: expected an object')),
      messages.join('\n'),
    );
  }
});

test('formats key paths with array indexes', () => {
  assert.is(formatKeyPath(['locales', 2, 'path']), 'locales[2].path');
});

test('reports a config syntax error with file and line', async () => {
  const dir = copyFixture('basic', { 'site.config.ts': "export default {\n  title: 'x',,\n};\n" });
  try {
    await loadConfig({ config: path.join(dir, 'site.config.ts') });
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, DocsItError);
    assert.is((error as DocsItError).location?.file, 'site.config.ts');
    assert.is((error as DocsItError).location?.line, 2);
  } finally {
    removeDir(dir);
  }
});

test.run();
