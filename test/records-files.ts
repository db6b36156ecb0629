/**
 * A build's search records (src/search/records-files.ts) in tests: read as one array from the list and its pieces,
 * or written as a build writes them.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseRecordsList, recordsJsonOf } from '../src/search/records-files';

/** The records of the build in `out` (its search folder `it/search/`), in order. */
export function readRecordsOf<T = Record<string, unknown>>(out: string, searchDir = 'it/search'): T[] {
  const dir = path.join(out, searchDir, 'records');
  const list = parseRecordsList(readFileSync(path.join(dir, 'list.json'), 'utf8'));
  if (typeof list === 'string') throw new Error(`records list: ${list}`);
  return JSON.parse(recordsJsonOf(list, (name) => readFileSync(path.join(dir, name))).toString('utf8')) as T[];
}

/** Writes `records` into `out` as a build does, in pieces of `perPiece` records. */
export function writeRecordsTo(out: string, records: readonly unknown[], perPiece = 1000, searchDir = 'it/search') {
  const dir = path.join(out, searchDir, 'records');
  mkdirSync(dir, { recursive: true });
  const pieces: string[] = [];
  for (let i = 0; i < records.length; i += perPiece) {
    const name = `piece-${pieces.length}.json`;
    writeFileSync(path.join(dir, name), JSON.stringify(records.slice(i, i + perPiece)));
    pieces.push(name);
  }
  writeFileSync(path.join(dir, 'list.json'), JSON.stringify({ records: records.length, pieces }));
}
