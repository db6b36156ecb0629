import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { interfaceTextOf } from '../src/shared/i18n/catalogues';
import {
  fillPlaceholders,
  placeholderParts,
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

test('a site in a language without a catalogue gets the one there is, dates included', () => {
  const french = interfaceTextOf('fr');
  assert.is(french, italian);
  assert.is(translatorOf(interfaceTextOf('it-CH')).date('2025-03-01'), '1 marzo 2025');
});

test.run();
