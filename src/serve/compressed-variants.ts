/*
 * The compressed variants `serve` sends, computed once per file version and kept in memory. Compressing each
 * response again (brotli over the search records each time) held the server far below what it serves from
 * memory and let memory climb with every concurrent compression (docs/measurements.md). Here
 * one compression per file, encoding and version is ever in flight (later requests wait for it), at most
 * `parallel` of them run at once, and the kept variants never exceed `maxBytes`: the least recently used go
 * first.
 */
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (input: Buffer) => Promise<Buffer>> = {
  // Quality 5: done once per file, but a reader waits for the first one (11 is far slower on the records:
  // docs/measurements.md).
  br: (input) =>
    promisify(brotliCompress)(input, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: input.length },
    }),
  gzip: (input) => promisify(gzip)(input, { level: 6 }),
};

export interface FileVersion {
  file: string;
  size: number;
  mtimeMs: number;
}

export interface CompressedVariantsOptions {
  /** Bytes of compressed variants kept at most (default 64 MB). */
  maxBytes?: number;
  /** Files larger than this are sent as they are (default 32 MB): their compression would not stay cached. */
  maxFileBytes?: number;
  /** Compressions running at once (default 2); more wait their turn. */
  parallel?: number;
}

export class CompressedVariants {
  readonly maxBytes: number;
  readonly maxFileBytes: number;
  private readonly parallel: number;
  /**
   * One variant per file and encoding (a newer version replaces the older). Insertion order is use order:
   * the first entry is the least recently used.
   */
  private readonly kept = new Map<string, { version: string; body: Buffer }>();
  private keptBytes = 0;
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private running = 0;
  private readonly queue: (() => void)[] = [];
  /** Compressions done, and the most that ran at once (for tests: each file version once per encoding). */
  compressions = 0;
  mostAtOnce = 0;

  constructor(options: CompressedVariantsOptions = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.maxFileBytes = options.maxFileBytes ?? 32 * 1024 * 1024;
    this.parallel = options.parallel ?? 2;
  }

  /** Whether a file of this size gets compressed variants at all. */
  fits(size: number): boolean {
    return size <= this.maxFileBytes;
  }

  /** Bytes of the variants kept now. */
  get bytes(): number {
    return this.keptBytes;
  }

  /** The compressed bytes of a file version, computed on first use. */
  async get(file: FileVersion, encoding: Encoding): Promise<Buffer> {
    const key = `${encoding}:${file.file}`;
    const version = `${file.size}-${file.mtimeMs}`;
    const hit = this.kept.get(key);
    if (hit?.version === version) {
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit.body;
    }
    const flightKey = `${version}:${key}`;
    let pending = this.inFlight.get(flightKey);
    if (!pending) {
      pending = this.compress(file, encoding).finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, pending);
      pending.then(
        (body) => this.keep(key, version, body),
        () => undefined,
      );
    }
    return pending;
  }

  private async compress(file: FileVersion, encoding: Encoding): Promise<Buffer> {
    await this.turn();
    try {
      const input = await readFile(file.file);
      // The file changed between the stat and the read: these bytes are not the version asked for.
      if (input.length !== file.size) throw new Error(`${file.file} changed while it was read`);
      this.compressions++;
      this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
      return await compressors[encoding](input);
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }

  private turn(): Promise<void> {
    if (this.running < this.parallel) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.queue.push(() => {
        this.running++;
        resolve();
      }),
    );
  }

  private keep(key: string, version: string, body: Buffer) {
    if (body.length > this.maxBytes) return;
    const older = this.kept.get(key);
    if (older) {
      this.kept.delete(key);
      this.keptBytes -= older.body.length;
    }
    this.kept.set(key, { version, body });
    this.keptBytes += body.length;
    for (const [oldest, entry] of this.kept) {
      if (this.keptBytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.keptBytes -= entry.body.length;
    }
  }
}
