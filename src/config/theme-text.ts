/*
 * A site's own interface strings: `i18n/<currentLocale>/code.json` (a Docusaurus site's file, unchanged) and the
 * config's `themeText`, checked against the theme's ids and placeholders. What is wrong in them is found here,
 * once per config load, with its line.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsItError, DocsItErrors } from '../errors';
import { referenceCatalogue, themeCatalogueOf, translationIds } from '../shared/i18n/catalogues';
import { type Catalogue, placeholdersOf, type TranslationId } from '../shared/i18n/interface-text';
import { editDistance } from './describe-issue';
import { currentLocaleOf } from './locales';
import type { SiteConfig } from './site-schema';

/** The site's strings over the theme's, and what is worth a word about them. */
export interface SiteThemeText {
  overrides: Partial<Catalogue>;
  warnings: DocsItError[];
}

/** One string a site sets: its id, its text and where it is written. */
interface Entry {
  id: string;
  text: string;
  file: string;
  line: number | undefined;
}

const isTranslationId = (id: string): id is TranslationId => Object.hasOwn(referenceCatalogue, id);

/**
 * Docusaurus's search modal writes the query after `noResultsText` itself; docs-it's string holds it, so a
 * Docusaurus `code.json`'s text ("Aucun résultat pour") gets the query after it, as Docusaurus shows it.
 */
const docusaurusShapes: Partial<Record<TranslationId, (text: string) => string>> = {
  'theme.SearchModal.noResultsScreen.noResultsText': (text) => (text.includes('{query}') ? text : `${text} "{query}"`),
};

/** The 1-based line of the first `"id"` (or `'id'`) written as a key in `source`, after `from`. */
function lineOfKey(source: string, id: string, from = 0): number | undefined {
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`["']${escaped}["']\\s*:`, 'g');
  match.lastIndex = from;
  const found = match.exec(source);
  return found ? source.slice(0, found.index).split('\n').length : undefined;
}

/** The theme's id closest to an unknown one, when it is a likely misspelling (a few letters apart). */
function closestId(id: string): TranslationId | undefined {
  let best: TranslationId | undefined;
  let distance = Number.POSITIVE_INFINITY;
  for (const known of translationIds) {
    const d = editDistance(id.toLowerCase(), known.toLowerCase());
    if (d < distance) [best, distance] = [known, d];
  }
  return distance <= 3 ? best : undefined;
}

/** The entries of a `code.json`: `{ "id": { "message": "…", "description": "…" } }` (a plain string too). */
function codeJsonEntries(source: string, file: string): Entry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message);
    const line = position ? source.slice(0, Number(position[1])).split('\n').length : undefined;
    throw new DocsItError(
      `not valid JSON: ${(error as Error).message}`,
      { file, ...(line ? { line } : {}) },
      'Fix the JSON (as `docusaurus write-translations` writes it: each id mapped to { "message": "…" }).',
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new DocsItError(
      'expected an object of translation ids',
      { file, line: 1 },
      'Write { "id": { "message": "…" } }.',
    );
  return Object.entries(parsed).map(([id, value]) => {
    const line = lineOfKey(source, id);
    const text = typeof value === 'string' ? value : (value as { message?: unknown } | null)?.message;
    if (typeof text !== 'string')
      throw new DocsItError(
        `"${id}": expected { "message": "…" } or a string`,
        { file, ...(line ? { line } : {}) },
        'Give the id its text in "message".',
      );
    return { id, text, file, line };
  });
}

/** The problem of a string whose placeholders are not the reference's, if any. */
function placeholderError(entry: Entry & { id: TranslationId }): DocsItError | undefined {
  const expected = placeholdersOf(referenceCatalogue[entry.id]);
  const written = placeholdersOf(entry.text);
  const missing = expected.filter((p) => !written.includes(p));
  const unknown = written.filter((p) => !expected.includes(p));
  if (missing.length === 0 && unknown.length === 0) return undefined;
  const list = (names: string[]) => names.map((n) => `{${n}}`).join(', ');
  const problems = [
    ...(missing.length > 0 ? [`lacks ${list(missing)}`] : []),
    ...(unknown.length > 0 ? [`has ${list(unknown)}, which the theme does not fill`] : []),
  ];
  return new DocsItError(
    `"${entry.id}": the text ${problems.join(' and ')}`,
    { file: entry.file, ...(entry.line ? { line: entry.line } : {}) },
    expected.length > 0
      ? `Write ${list(expected)} where the value goes (English: ${JSON.stringify(referenceCatalogue[entry.id])}).`
      : `This string has no placeholder (English: ${JSON.stringify(referenceCatalogue[entry.id])}).`,
  );
}

/** The config's `themeText` entries, each with its line in the config's source. */
function configEntries(site: SiteConfig, file: string, source: string): Entry[] {
  const start = Math.max(0, source.search(/\bthemeText\s*:/));
  return Object.entries(site.themeText).map(([id, text]) => ({ id, text, file, line: lineOfKey(source, id, start) }));
}

/**
 * The site's strings: `code.json`'s, then the config's over them. A string with the wrong placeholders is an
 * error at its line; an unknown id a warning (with the id it likely means); a language the theme has no
 * catalogue of gets English for the ids the site leaves out, named in one warning.
 */
export async function loadThemeText(
  site: SiteConfig,
  root: string,
  configFile: string,
  configSource: string,
): Promise<SiteThemeText> {
  const codeJson = path.join(root, 'i18n', site.i18n.currentLocale, 'code.json');
  const codeJsonFile = path.relative(root, codeJson).split(path.sep).join('/');
  const fromFile = existsSync(codeJson) ? codeJsonEntries(await readFile(codeJson, 'utf8'), codeJsonFile) : [];
  const entries = [...fromFile, ...configEntries(site, configFile, configSource)];
  const overrides: Partial<Record<TranslationId, string>> = {};
  const errors: DocsItError[] = [];
  const warnings: DocsItError[] = [];
  const notShown: string[] = [];
  for (const entry of entries) {
    if (!isTranslationId(entry.id)) {
      const near = closestId(entry.id);
      const where = { file: entry.file, ...(entry.line ? { line: entry.line } : {}) };
      // A Docusaurus code.json holds strings of Docusaurus's own components too: one word for all of them.
      if (!near && entry.file === codeJsonFile) notShown.push(entry.id);
      else
        warnings.push(
          new DocsItError(
            `unknown translation id "${entry.id}"${near ? `; did you mean "${near}"?` : ''}`,
            where,
            near
              ? `Write "${near}".`
              : 'The ids the theme shows are listed in WRITING.md ("The interface\'s language").',
          ),
        );
      continue;
    }
    const shaped = { ...entry, id: entry.id, text: docusaurusShapes[entry.id]?.(entry.text) ?? entry.text };
    const error = placeholderError(shaped);
    if (error) errors.push(error);
    else overrides[entry.id] = shaped.text;
  }
  if (errors.length > 0) throw new DocsItErrors(errors);
  if (notShown.length > 0)
    warnings.push(
      new DocsItError(
        `${notShown.length} translation ${notShown.length === 1 ? 'id' : 'ids'} the theme does not show: ` +
          notShown.join(', '),
        { file: codeJsonFile },
        'Nothing to do if they belong to components this site no longer has; otherwise see WRITING.md for the ids.',
      ),
    );
  const { htmlLang } = currentLocaleOf(site);
  if (!themeCatalogueOf(htmlLang)) {
    const missing = translationIds.filter((id) => overrides[id] === undefined);
    if (missing.length > 0)
      warnings.push(
        new DocsItError(
          `the theme has no interface strings in "${htmlLang}": ${missing.length} of them are shown in English: ` +
            missing.join(', '),
          { file: configFile },
          `Translate them in ${codeJsonFile} or in the config's themeText (WRITING.md lists the English strings).`,
        ),
      );
  }
  return { overrides, warnings };
}
