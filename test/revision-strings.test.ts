/*
 * A written file's revision (disk/revision's `revisionOf`) is kept for every file until the build ends (the
 * output's manifest, the service worker's precache list): it must weigh its own 32 characters, not keep a longer
 * digest alive (a slice of a string is, in V8, a view into it).
 */
import { hash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { revisionOf } from '../src/output/written-file';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** The heap's growth per revision kept, in bytes, over `count` files' revisions. */
function bytesPerRevision(count: number): number {
  collect();
  const before = process.memoryUsage().heapUsed;
  const kept: string[] = new Array(count);
  for (let i = 0; i < count; i++) kept[i] = revisionOf(Buffer.from(`file ${i}`));
  collect();
  const grown = process.memoryUsage().heapUsed - before;
  assert.is(kept.length, count);
  return (grown - count * 8) / count;
}

test('a revision is the first 16 bytes of the SHA-256 digest, in hex', () => {
  const contents = Buffer.from('<h1>Ciao</h1>');
  assert.is(revisionOf(contents), hash('sha256', contents, 'hex').slice(0, 32));
});

test('a revision kept weighs its own 32 characters, not the 64 of the digest it was taken from', () => {
  // A flat string of 32 one-byte characters is 44 bytes of heap (48 without pointer compression); a slice is a
  // view of 20–32 bytes and the 76–88 of the digest's hex under it.
  const bytes = bytesPerRevision(100_000);
  assert.ok(bytes < 64, `${bytes.toFixed(1)} bytes of heap per revision kept`);
});

test.run();
