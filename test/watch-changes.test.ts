import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { watchChanges } from '../src/dev/watch-changes';

const start = 1_700_000_000_000.25;
const watched = ['/sito/content', '/sito/site.config.ts'];

test('the first scan: a file is a change only if saved since dev began to read; folders never', () => {
  const changes = watchChanges(start, watched);
  assert.not.ok(changes.isChange('add', '/sito/content/vecchia.md', start - 5000));
  assert.not.ok(changes.isChange('add', '/sito/content/stesso-istante.md', start - 0.1));
  assert.ok(changes.isChange('add', '/sito/content/salvata-ora.md', start + 0.1));
  assert.not.ok(changes.isChange('addDir', '/sito/content/guide', start + 10));
  assert.ok(changes.isChange('change', '/sito/content/vecchia.md', start + 10));
});

test('after the first scan every event is a change, but the first add of a path watched later that is older', () => {
  const changes = watchChanges(start, watched);
  changes.scanned();
  assert.ok(changes.isChange('add', '/sito/content/nuova.md', start - 5000), 'a file made (copied with its time)');
  assert.ok(changes.isChange('addDir', '/sito/i18n', start + 10));
  const later = start + 60_000;
  assert.equal(
    changes.watchFrom(['/sito/src/stili/nuovo.css', '/sito/content', '/sito/src/stili/nuovo.css'], later),
    ['/sito/src/stili/nuovo.css'],
    'only what the watcher does not watch yet, once',
  );
  assert.equal(changes.watchFrom(['/sito/src/stili/nuovo.css'], later + 1), [], 'watched already');
  assert.not.ok(changes.isChange('add', '/sito/src/stili/nuovo.css', later - 1), 'named as it is first watched');
  assert.ok(changes.isChange('change', '/sito/src/stili/nuovo.css', later + 5));
  // Removed and made again: its next add is a change whatever its time.
  assert.ok(changes.isChange('unlink', '/sito/src/stili/nuovo.css', undefined));
  assert.ok(changes.isChange('add', '/sito/src/stili/nuovo.css', later - 1));
  changes.watchFrom(['/sito/src/stili/altro.css'], later);
  assert.ok(changes.isChange('add', '/sito/src/stili/altro.css', later + 1), 'saved after it was asked for');
});

test.run();
