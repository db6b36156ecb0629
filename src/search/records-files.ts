import { hash as oneShotHash } from 'node:crypto';
import { searchDirOf } from '../shared/urls';

/**
 * The search records `docs-it index` pushes to Meilisearch, in pieces: `search/records/<name>.json`, each a JSON
 * array of one run of pages' records (search-files.ts's `endsRun`), and `search/records/list.json`, which names
 * the pieces in order. The records are the pieces' arrays joined. In pieces so that an edit rewrites only its
 * run's piece and the list (the records of 10,000 pages are about 80 MB of JSON), and the output keeps the other
 * pieces as they are, unread and unhashed.
 */

/** The records' folder, relative to the output folder. */
export const recordsDirOf = (baseUrl: string) => `${searchDirOf(baseUrl)}records/`;

/** The list of the pieces, relative to the output folder. */
export const recordsListOf = (baseUrl: string) => `${recordsDirOf(baseUrl)}list.json`;

/** What `list.json` says: how many records there are, and the pieces' file names (in the list's folder), in order. */
export interface RecordsList {
  records: number;
  pieces: string[];
}

/** The list's text parsed, or a sentence saying what is wrong with it. */
export function parseRecordsList(text: string): RecordsList | string {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch (error) {
    return `not valid JSON: ${(error as Error).message}`;
  }
  if (typeof list !== 'object' || list === null) return 'not a JSON object';
  const { records, pieces } = list as Record<string, unknown>;
  if (typeof records !== 'number' || !Number.isInteger(records) || records < 0) return '"records" is not a count';
  if (!Array.isArray(pieces) || !pieces.every((piece) => typeof piece === 'string' && pieceNamePattern.test(piece)))
    return '"pieces" is not a list of piece files';
  return { records, pieces: pieces as string[] };
}

/** A piece's file name: a digest (of its run's first URL) in base64url characters, never a path. */
const pieceNamePattern = /^[\w-]{1,64}\.json$/;

/** Where the pieces go: whole files, and files kept from the previous build while their key is the same. */
export interface RecordsSink {
  file(path: string, contents: string | Uint8Array): Promise<void>;
  keyed?(path: string, key: string, contents: () => string | Uint8Array | Promise<string | Uint8Array>): Promise<void>;
}

/** A run's records (joined by commas, as `RunBytes` has them) as its piece's bytes: one JSON array. */
function pieceOf(run: Uint8Array): Uint8Array {
  return Buffer.concat([Buffer.from('['), run, Buffer.from(']')]);
}

/**
 * Writes the pieces of the records as the runs come, then the list. A run with a key (its pages' parts' keys: a
 * build's) is given to the sink's keyed files under that key, so the previous build's piece is kept unread when the
 * run is the same; a run without one (tests, benchmarks) is written.
 */
export class RecordsPieces {
  private readonly names: string[] = [];
  private readonly dir: string;

  constructor(
    baseUrl: string,
    private readonly sink: RecordsSink,
  ) {
    this.dir = recordsDirOf(baseUrl);
  }

  /** A run's records, made: `run` is its records joined by commas, `firstUrl` its first page's URL. */
  async add(firstUrl: string, run: Uint8Array, key?: string): Promise<void> {
    if (key !== undefined) return this.addKeyed(firstUrl, key, async () => run);
    await this.sink.file(this.fileOf(firstUrl), pieceOf(run));
  }

  /**
   * A run's records by its key alone: `run` makes them only when the output lacks the previous build's piece (or
   * the sink keeps no file).
   */
  async addKeyed(firstUrl: string, key: string, run: () => Promise<Uint8Array>): Promise<void> {
    const file = this.fileOf(firstUrl);
    if (!this.sink.keyed) await this.sink.file(file, pieceOf(await run()));
    else await this.sink.keyed(file, key, async () => pieceOf(await run()));
  }

  /** Writes the list: `records` is how many records the pieces hold. */
  async end(records: number): Promise<void> {
    const list: RecordsList = { records, pieces: this.names.map((name) => `${name}.json`) };
    await this.sink.file(`${this.dir}list.json`, JSON.stringify(list));
  }

  /**
   * A piece's file, named by its run's first page: what the site holds, never how docs-it keys its work (the same
   * site gives the same files whichever docs-it version or install built it), and the same for the run's next
   * build while that page starts it.
   */
  private fileOf(firstUrl: string): string {
    const name = oneShotHash('sha256', firstUrl, 'base64url').slice(0, 32);
    this.names.push(name);
    return `${this.dir}${name}.json`;
  }
}

/**
 * The records' JSON as one array (what `docs-it index` reads, and the same bytes as one `JSON.stringify` of every
 * record), from the list's pieces as `pieceAt` gives their bytes.
 */
export function recordsJsonOf(list: RecordsList, pieceAt: (name: string) => Uint8Array): Buffer {
  const parts: Uint8Array[] = [Buffer.from('[')];
  let first = true;
  for (const name of list.pieces) {
    const piece = pieceAt(name);
    // A piece is `[…]`: its records without the brackets, an empty one adding nothing.
    if (piece.byteLength <= 2) continue;
    if (!first) parts.push(Buffer.from(','));
    parts.push(piece.subarray(1, piece.byteLength - 1));
    first = false;
  }
  parts.push(Buffer.from(']'));
  return Buffer.concat(parts);
}
