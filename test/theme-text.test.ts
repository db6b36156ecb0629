import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load-config';
import { DocsItErrors, formatError } from '../src/errors';
import { siteInterfaceText } from '../src/render/chrome';
import { translationIds } from '../src/shared/i18n/catalogues';
import { copyFixture, removeDir, repoRoot } from './helpers';

const originalConfig = readFileSync(path.join(repoRoot, 'test/fixtures/other-site/site.config.ts'), 'utf8');

/** The French fixture site's config with `extra` written in its object, first key after `title`. */
const configWith = (extra: string) =>
  originalConfig.replace("title: 'Atelier Docs',", `title: 'Atelier Docs',\n${extra}`);

/** The French fixture with these files, its config loaded: the config, or the errors it fails with. */
async function load(files: Record<string, string>) {
  const dir = copyFixture('other-site', files);
  try {
    const config = await loadConfig({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts') });
    return { config, warnings: config.warnings.map(formatError), errors: [] as string[] };
  } catch (error) {
    if (!(error instanceof DocsItErrors) && !(error instanceof Error && 'location' in error)) throw error;
    const errors = error instanceof DocsItErrors ? error.errors : [error as never];
    return { config: undefined, warnings: [] as string[], errors: errors.map(formatError) };
  } finally {
    removeDir(dir);
  }
}

/** A Docusaurus `code.json` (as `docusaurus write-translations` writes it) holding these messages. */
const codeJson = (messages: Record<string, string>) =>
  `${JSON.stringify(
    Object.fromEntries(
      Object.entries(messages).map(([id, message]) => [id, { message, description: `The text of ${id}` }]),
    ),
    null,
    2,
  )}\n`;

test("a Docusaurus code.json applies unchanged, and the config's themeText goes over it", async () => {
  const { config, warnings, errors } = await load({
    'i18n/fr/code.json': codeJson({
      'theme.docs.paginator.next': 'Page suivante',
      'theme.TOC.title': 'Sommaire',
      // Docusaurus writes the query after this text itself.
      'theme.SearchModal.noResultsScreen.noResultsText': 'Rien pour',
    }),
    'site.config.ts': configWith("  themeText: { 'theme.TOC.title': 'Dans cette page' },"),
  });
  assert.equal(errors, []);
  assert.equal(warnings, []);
  const strings = siteInterfaceText(config!.site).strings;
  assert.is(strings['theme.docs.paginator.next'], 'Page suivante');
  assert.is(strings['theme.TOC.title'], 'Dans cette page');
  assert.is(strings['theme.SearchModal.noResultsScreen.noResultsText'], 'Rien pour "{query}"');
  assert.is(strings['theme.docs.paginator.previous'], 'Précédent', "the theme's French for the rest");
});

test("an unknown id: a warning at its line with the id it likely means; other components' ids named once", async () => {
  const { warnings, errors } = await load({
    'i18n/fr/code.json': codeJson({
      'theme.docs.paginator.nxet': 'Suivant',
      'theme.docs.versions.unreleasedVersionLabel': 'Version non publiée',
      'homepage.hero.cta': 'Commencer',
    }),
    'site.config.ts': configWith("  themeText: {\n    'theme.TOC.titel': 'Sommaire',\n  },"),
  });
  assert.equal(errors, []);
  assert.equal(warnings, [
    'i18n/fr/code.json:2: unknown translation id "theme.docs.paginator.nxet"; did you mean ' +
      '"theme.docs.paginator.next"?\n  → Write "theme.docs.paginator.next".',
    'site.config.ts:6: unknown translation id "theme.TOC.titel"; did you mean "theme.TOC.title"?\n' +
      '  → Write "theme.TOC.title".',
    'i18n/fr/code.json: 2 translation ids the theme does not show: theme.docs.versions.unreleasedVersionLabel, ' +
      'homepage.hero.cta\n  → Nothing to do if they belong to components this site no longer has; otherwise see ' +
      'WRITING.md for the ids.',
  ]);
});

test('a string without the placeholders of its id: an error at its line, in code.json and in the config', async () => {
  const { errors } = await load({
    'i18n/fr/code.json': codeJson({
      'theme.docs.paginator.next': 'Suivant',
      'theme.blog.post.readingTime.plurals': 'Une minute|Plusieurs minutes',
    }),
    'site.config.ts': configWith(
      "  themeText: {\n    'theme.blog.paginator.pageCount': 'Page {page} sur {totl}',\n  },",
    ),
  });
  assert.equal(errors, [
    'i18n/fr/code.json:6: "theme.blog.post.readingTime.plurals": the text lacks {readingTime}\n' +
      '  → Write {readingTime} where the value goes (English: "One min read|{readingTime} min read").',
    'site.config.ts:6: "theme.blog.paginator.pageCount": the text lacks {total} and has {totl}, which the theme ' +
      'does not fill\n  → Write {page}, {total} where the value goes (English: "Page {page} of {total}").',
  ]);
});

test('a code.json that is not JSON is an error at its line', async () => {
  const { errors } = await load({ 'i18n/fr/code.json': '{\n  "theme.TOC.title": { "message": "Sommaire" },\n}\n' });
  assert.is(errors.length, 1);
  assert.match(errors[0]!, /^i18n\/fr\/code\.json:3: not valid JSON: /);
});

test('a language the theme has no catalogue of reads English, with one warning naming the ids left out', async () => {
  const german = originalConfig
    .replace("currentLocale: 'fr'", "currentLocale: 'de'")
    .replace(
      "{ code: 'fr', label: 'Français'",
      "{ code: 'de', label: 'Deutsch', direction: 'ltr', htmlLang: 'de', calendar: 'gregory', path: 'de' },\n      " +
        "{ code: 'fr', label: 'Français'",
    );
  const { config, warnings } = await load({
    'site.config.ts': german,
    'i18n/de/code.json': codeJson({ 'theme.docs.paginator.next': 'Weiter' }),
  });
  const strings = siteInterfaceText(config!.site).strings;
  assert.is(strings['theme.docs.paginator.next'], 'Weiter');
  assert.is(strings['theme.docs.paginator.previous'], 'Previous');
  assert.is(warnings.length, 1);
  const missing = translationIds.filter((id) => id !== 'theme.docs.paginator.next');
  assert.ok(
    warnings[0]!.startsWith(
      `site.config.ts: the theme has no interface strings in "de": ${missing.length} of them are shown in ` +
        `English: ${missing.join(', ')}\n`,
    ),
    warnings[0],
  );
});

test.run();
