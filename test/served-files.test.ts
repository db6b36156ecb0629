/*
 * Which output file answers a URL path: one pure function (`candidatesOf`) that `serve`, `dev` and the service
 * worker share, and the not-found files they answer with when the site has none.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { candidatesOf, notFoundFileOf } from '../src/shared/served-files';

test('a URL path is answered by the file it names, then by the index.html of the folder it names', () => {
  assert.equal(candidatesOf('/'), ['index.html']);
  assert.equal(candidatesOf('/it'), ['it', 'it/index.html']);
  assert.equal(candidatesOf('/it/'), ['it/index.html']);
  assert.equal(candidatesOf('/it/v1/guides/faq'), ['it/v1/guides/faq', 'it/v1/guides/faq/index.html']);
  assert.equal(candidatesOf('/it/sitemap.xml'), ['it/sitemap.xml', 'it/sitemap.xml/index.html']);
  assert.equal(candidatesOf('/it/x/page-data.json'), ['it/x/page-data.json', 'it/x/page-data.json/index.html']);
  assert.equal(candidatesOf('/it//x'), ['it/x', 'it/x/index.html']);
});

test('a path with a dot segment or a hidden name has no file', () => {
  assert.equal(candidatesOf('/it/../secret'), []);
  assert.equal(candidatesOf('/it/./x'), []);
  assert.equal(candidatesOf('/it/.env'), []);
  assert.equal(candidatesOf('/.git/config'), []);
});

test('an unknown path gets the not-found page, an unknown page data the not-found page data', () => {
  assert.is(notFoundFileOf('/it/nope', '/it/'), 'it/404.html');
  assert.is(notFoundFileOf('/it/nope/page-data.json', '/it/'), 'it/404.page-data.json');
  assert.is(notFoundFileOf('/nope', '/'), '404.html');
});

test.run();
