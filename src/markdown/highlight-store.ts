import { createHash, hash as oneShotHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { replaceFileSync } from '../output/replace-file';
import { highlighterFingerprint } from './highlighter';

/** Where the highlighter looks before running Shiki, and keeps what it highlighted. */
export interface BlockStore {
  get(key: string): string | undefined;
  set(key: string, html: string): void;
}

/** Highlighted HTML kept on disk is capped: enough for thousands of blocks, never a memory problem. */
const maxStoredChars = 24 * 1024 * 1024;
const prefix = 'highlight-';

/**
 * Highlighted code blocks across builds and `dev` sessions, in one file per highlighter version
 * (`node_modules/.cache/docs-it/highlight-<version>.json`). Shiki's first use of a grammar costs seconds of
 * regex compilation; with this store a build whose pages must be compiled again (a template or config
 * change, an edited page) highlights only the blocks that changed. The file is read on the first lookup
 * only, and rewritten with the blocks this run used.
 */
export class HighlightStore implements BlockStore {
  private loaded: Map<string, string> | undefined;
  private readonly used = new Map<string, string>();
  private chars = 0;
  private added = 0;
  /** Lookups answered from disk, for tests and `--verbose`. */
  hits = 0;

  private constructor(
    private readonly dir: string,
    private readonly file: string,
  ) {}

  /** The store of this highlighter version (`version`: a fingerprint of its code and dependencies). */
  static open(dir: string, version: string): HighlightStore {
    const id = createHash('sha256').update(version).digest('hex').slice(0, 16);
    return new HighlightStore(dir, path.join(dir, `${prefix}${id}.json`));
  }

  get(key: string): string | undefined {
    this.loaded ??= this.read();
    const id = digest(key);
    const html = this.used.get(id) ?? this.loaded.get(id);
    if (html !== undefined) {
      if (!this.used.has(id)) this.keep(id, html);
      this.hits++;
    }
    return html;
  }

  set(key: string, html: string): void {
    if (this.keep(digest(key), html)) this.added++;
  }

  /** Writes the blocks this run used when anything changed, and removes stores of other versions. */
  save(): void {
    if (this.added === 0 && (!this.loaded || this.loaded.size === this.used.size)) return;
    mkdirSync(this.dir, { recursive: true });
    replaceFileSync(this.file, JSON.stringify(Object.fromEntries(this.used)));
    for (const name of readdirSync(this.dir)) {
      if (name.startsWith(prefix) && name.endsWith('.json') && path.join(this.dir, name) !== this.file)
        rmSync(path.join(this.dir, name), { force: true });
    }
    // What is on disk now: a later save writes again only when more blocks come.
    this.loaded = new Map(this.used);
    this.added = 0;
  }

  private keep(id: string, html: string): boolean {
    if (this.used.has(id) || this.chars + html.length > maxStoredChars) return false;
    this.used.set(id, html);
    this.chars += html.length;
    return true;
  }

  private read(): Map<string, string> {
    try {
      return new Map(Object.entries(JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, string>));
    } catch {
      // No store yet, or an unreadable one: highlight everything again.
      return new Map();
    }
  }
}

function digest(key: string): string {
  return oneShotHash('sha1', key, 'base64url');
}

/** The highlighter's code and the installed Shiki and grammar versions (in the lock file). */
export async function highlightVersion(packageRoot: string): Promise<string> {
  const lock = await readFile(path.join(packageRoot, 'package-lock.json'), 'utf8').catch(() => '');
  return `${highlighterFingerprint()}\0${lock}`;
}
