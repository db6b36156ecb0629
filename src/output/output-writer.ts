import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const tmpPrefix = '.docs-it-tmp-';
const oldPrefix = '.docs-it-old-';

/**
 * Writes a build into a temporary folder beside the output folder and swaps it in only on `commit()`,
 * so a failed or interrupted build never leaves a half-written `build/`.
 */
export class OutputWriter {
  readonly out: string;
  readonly tmp: string;
  private readonly dirs = new Set<string>();
  bytes = 0;
  files = 0;

  private constructor(out: string, tmp: string) {
    this.out = out;
    this.tmp = tmp;
  }

  /** Creates the temporary folder, after removing ones left behind by interrupted builds. */
  static async open(out: string): Promise<OutputWriter> {
    const parent = path.dirname(out);
    const base = path.basename(out);
    await mkdir(parent, { recursive: true });
    await removeStale(parent, base);
    const tmp = path.join(parent, `${tmpPrefix}${base}-${process.pid}-${Date.now()}`);
    await mkdir(tmp, { recursive: true });
    return new OutputWriter(out, tmp);
  }

  async write(relPath: string, contents: string | Uint8Array): Promise<void> {
    const target = this.resolve(relPath);
    await this.ensureDir(path.dirname(target));
    await writeFile(target, contents);
    this.files++;
    this.bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  }

  async copy(from: string, relPath: string, size: number): Promise<void> {
    const target = this.resolve(relPath);
    await this.ensureDir(path.dirname(target));
    await copyFile(from, target);
    this.files++;
    this.bytes += size;
  }

  /** Replaces the output folder with the finished build. */
  async commit(): Promise<void> {
    const parent = path.dirname(this.out);
    const old = path.join(parent, `${oldPrefix}${path.basename(this.out)}-${process.pid}-${Date.now()}`);
    const hadOld = existsSync(this.out);
    if (hadOld) await rename(this.out, old);
    await rename(this.tmp, this.out);
    if (hadOld) await rm(old, { recursive: true, force: true });
  }

  /** Throws the temporary folder away; the previous build stays as it was. */
  async abort(): Promise<void> {
    await rm(this.tmp, { recursive: true, force: true });
  }

  private resolve(relPath: string): string {
    const target = path.resolve(this.tmp, relPath);
    if (!target.startsWith(this.tmp + path.sep)) throw new Error(`refusing to write outside the output folder: ${relPath}`);
    return target;
  }

  private async ensureDir(dir: string): Promise<void> {
    if (this.dirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    this.dirs.add(dir);
  }
}

/** Temporary and old folders of earlier runs that were killed before they finished. */
async function removeStale(parent: string, base: string): Promise<void> {
  const entries = await readdir(parent).catch(() => [] as string[]);
  const stale = entries.filter((e) => e.startsWith(`${tmpPrefix}${base}-`) || e.startsWith(`${oldPrefix}${base}-`));
  // A run killed between its two renames leaves only the old folder: put it back first.
  if (!existsSync(path.join(parent, base))) {
    const old = stale.filter((e) => e.startsWith(oldPrefix)).sort().pop();
    if (old) {
      await rename(path.join(parent, old), path.join(parent, base));
      stale.splice(stale.indexOf(old), 1);
    }
  }
  await Promise.all(stale.map((e) => rm(path.join(parent, e), { recursive: true, force: true })));
}
