import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { interfaceTextOf, referenceCatalogue, themeCatalogues, translationIds } from '../src/shared/i18n/catalogues';
import {
  fillPlaceholders,
  placeholderParts,
  placeholdersOf,
  type TranslationId,
  translatorOf,
} from '../src/shared/i18n/interface-text';
import { englishWordsIn, keptInEnglish } from './interface-language';

const italian = interfaceTextOf('it');
const text = translatorOf(italian);

test('every string of the catalogue is Italian, but for the strings the spec and the site facts quote', () => {
  const english = Object.entries(italian.strings).flatMap(([id, value]) => {
    const words = englishWordsIn(value);
    return words.length ? [`${id}: ${value} (${words.join(', ')})`] : [];
  });
  assert.equal(english, []);
});

test('each string the spec quotes is in the catalogue word for word', () => {
  const values = new Set(Object.values(italian.strings));
  assert.equal(
    keptInEnglish.spec.filter((quoted) => !values.has(quoted)),
    [],
  );
});

test('placeholders are filled, unknown ones kept; plural forms follow the language', () => {
  assert.is(text.t('theme.blog.paginator.pageCount', { page: 2, total: 5 }), 'Pagina 2 di 5');
  assert.is(text.t('theme.blog.paginator.pageCount', { page: 2 }), 'Pagina 2 di {total}');
  assert.is(fillPlaceholders('$& {x} $1', { x: '$&' }), '$& $& $1', 'a value is inserted as it is');
  const reading: TranslationId = 'theme.blog.post.readingTime.plurals';
  assert.is(text.plural(reading, 1, { readingTime: 1 }), '1 min di lettura');
  assert.is(text.plural(reading, 4, { readingTime: 4 }), '4 min di lettura');
  assert.equal(placeholderParts('a {x} b{y}'), ['a ', { name: 'x' }, ' b', { name: 'y' }]);
});

test('dates are written out in the language of the catalogue, whatever the reader’s time zone', () => {
  assert.is(text.date('2023-06-14'), '14 giugno 2023');
  assert.is(text.date('2024-01-01'), '1 gennaio 2024');
  assert.is(text.date('2024-12-31'), '31 dicembre 2024');
});

test('a site in a language without a catalogue reads English, its dates and plurals in its own language', () => {
  const german = interfaceTextOf('de');
  assert.is(german.strings['theme.docs.paginator.next'], 'Next');
  assert.is(translatorOf(german).date('2025-03-01'), '1. März 2025');
  assert.is(translatorOf(interfaceTextOf('it-CH')).date('2025-03-01'), '1 marzo 2025');
  assert.is(interfaceTextOf('it-CH').strings['theme.docs.paginator.next'], 'Successivo');
});

test("a translator makes its plural rules and date format on first use, not for `t`'s plain strings", () => {
  const made: string[] = [];
  const { PluralRules, DateTimeFormat } = Intl;
  // Counting subclasses for the time of this test: `Intl`'s objects load the language's locale data.
  const intl = Intl as { -readonly [K in keyof typeof Intl]: (typeof Intl)[K] };
  intl.PluralRules = class extends PluralRules {
    constructor(...args: ConstructorParameters<typeof PluralRules>) {
      super(...args);
      made.push('plural');
    }
  } as typeof PluralRules;
  intl.DateTimeFormat = class extends DateTimeFormat {
    constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
      super(...args);
      made.push('date');
    }
  } as typeof DateTimeFormat;
  try {
    // A copy: the translator of `italian` is made once for the module, with its own objects.
    const translator = translatorOf({ ...italian });
    assert.is(translator.t('theme.docs.paginator.next'), 'Successivo');
    assert.equal(made, []);
    assert.is(translator.date('2024-12-31'), '31 dicembre 2024');
    assert.is(translator.date('2025-01-01'), '1 gennaio 2025');
    assert.equal(made, ['date']);
    translator.plural('theme.blog.post.readingTime.plurals', 1, { readingTime: 1 });
    translator.plural('theme.blog.post.readingTime.plurals', 2, { readingTime: 2 });
    assert.equal(made, ['date', 'plural']);
  } finally {
    intl.PluralRules = PluralRules;
    intl.DateTimeFormat = DateTimeFormat;
  }
});

test("each of the five languages has its catalogue, chosen by the site's htmlLang", () => {
  const next = (lang: string) => interfaceTextOf(lang).strings['theme.docs.paginator.next'];
  assert.equal(['it', 'en', 'fr', 'ko', 'zh-CN', 'zh-cn', 'fr-CA'].map(next), [
    'Successivo',
    'Next',
    'Suivant',
    '다음',
    '下一页',
    '下一页',
    'Suivant',
  ]);
});

test('every catalogue has every id, with the placeholders of the English one', () => {
  const problems = Object.entries(themeCatalogues).flatMap(([lang, strings]) =>
    translationIds.flatMap((id) => {
      const text = strings[id];
      if (typeof text !== 'string' || text === '') return [`${lang} ${id}: missing`];
      const expected = placeholdersOf(referenceCatalogue[id]).sort();
      const written = placeholdersOf(text).sort();
      return expected.join() === written.join() ? [] : [`${lang} ${id}: {${written}} instead of {${expected}}`];
    }),
  );
  assert.equal(problems, []);
  assert.equal(Object.keys(themeCatalogues).sort(), ['en', 'fr', 'it', 'ko', 'zh-CN']);
});

test("a site's own strings go over the theme's, placeholders and plurals included", () => {
  const text = translatorOf(
    interfaceTextOf('fr', { 'theme.blog.post.readingTime.plurals': '{readingTime} min|{readingTime} min' }),
  );
  assert.is(text.plural('theme.blog.post.readingTime.plurals', 3, { readingTime: 3 }), '3 min');
  assert.is(text.t('theme.docs.paginator.next'), 'Suivant');
  assert.is(
    translatorOf(interfaceTextOf('fr')).plural('theme.blog.post.readingTime.plurals', 1, { readingTime: 1 }),
    'Une minute de lecture',
  );
});

test.run();
