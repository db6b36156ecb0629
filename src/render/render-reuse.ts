import { hash as oneShotHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SidebarItem } from '../content/model';
import type { WrittenFile } from '../output/output-writer';
import { replaceFileSync } from '../output/replace-file';
import type { RoutePage } from './route-props';

interface Entry {
  key: string;
  size: number;
  mtimeMs: number;
  revision: string;
}

// Each part ends with a NUL, so no two lists of parts hash alike; one-shot `hash` is the fast path for a string.
const sha = (...parts: string[]) => oneShotHash('sha256', `${parts.join('\0')}\0`, 'hex');

/**
 * HTML documents of the previous build that can be kept. A page whose render inputs (its props, its sidebar,
 * the site's chrome and config, the asset names and the templates' code) hash to the key it had last time
 * is linked from the previous output instead of rendered again. The previous file must still have the size
 * and modification time recorded when it was written, so a file changed by hand is rendered anew.
 */
export class RenderReuse {
  private readonly next: Record<string, Entry> = {};
  private readonly sidebarKeys = new WeakMap<SidebarItem[], string>();

  private constructor(
    private readonly manifestFile: string,
    private readonly outDir: string,
    private readonly buildKey: string,
    private readonly previous: Record<string, Entry>,
  ) {}

  /**
   * Reads the manifest of the last build. `identity` covers everything every page depends on: the pipeline's
   * code (templates included) and the JSON of the site-wide render input.
   */
  static open(manifestFile: string, outDir: string, identity: string[]): RenderReuse {
    let previous: Record<string, Entry> = {};
    try {
      previous = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Entry>;
    } catch {
      // No manifest yet (first build, or a cleared cache): every page is rendered.
    }
    return new RenderReuse(manifestFile, outDir, sha(...identity), previous);
  }

  /** The key of one page's HTML; `propsJson` is the page data the build writes anyway. */
  keyOf(page: RoutePage, propsJson: string, sidebar: SidebarItem[] | undefined): string {
    let sidebarKey = '';
    if (sidebar) {
      sidebarKey = this.sidebarKeys.get(sidebar) ?? sha(JSON.stringify(sidebar));
      this.sidebarKeys.set(sidebar, sidebarKey);
    }
    return sha(this.buildKey, sidebarKey, propsJson, String(page.noIndex), page.image ?? '');
  }

  /** The previous build's file for `relPath` when it was made from `key` and is unchanged since. */
  reusable(relPath: string, key: string): { file: string; written: WrittenFile } | undefined {
    const entry = this.previous[relPath];
    if (!entry || entry.key !== key) return undefined;
    const file = path.join(this.outDir, relPath);
    try {
      const stat = statSync(file);
      if (stat.size !== entry.size || stat.mtimeMs !== entry.mtimeMs) return undefined;
    } catch {
      return undefined;
    }
    return { file, written: { size: entry.size, revision: entry.revision } };
  }

  /** Notes that `relPath` of the new build was made from `key`. */
  remember(relPath: string, key: string, written: WrittenFile): void {
    this.next[relPath] = { key, size: written.size, revision: written.revision, mtimeMs: 0 };
  }

  /** Saves the manifest of the build just swapped into `outDir` (call after the swap). */
  save(): void {
    for (const [relPath, entry] of Object.entries(this.next)) {
      try {
        entry.mtimeMs = statSync(path.join(this.outDir, relPath)).mtimeMs;
      } catch {
        delete this.next[relPath];
      }
    }
    mkdirSync(path.dirname(this.manifestFile), { recursive: true });
    replaceFileSync(this.manifestFile, JSON.stringify(this.next));
    pruneManifests(path.dirname(this.manifestFile), keptManifests);
  }
}

/** Output folders whose manifests are kept: one per folder built into, the most recently built first. */
const keptManifests = 8;

/**
 * Deletes all but the `keep` most recent render manifests. There is one per output folder ever built into (a
 * benchmark's, a test's), and a folder that is gone leaves its manifest behind; a pruned folder that comes back
 * is simply rendered in full once.
 */
export function pruneManifests(dir: string, keep: number): void {
  const manifests = readdirSync(dir)
    .filter((name) => /^render-[0-9a-f]+\.json$/.test(name))
    // A manifest another build removes meanwhile is simply gone (no stat, no error).
    .flatMap((name) => {
      const stat = statSync(path.join(dir, name), { throwIfNoEntry: false });
      return stat ? [{ file: path.join(dir, name), mtimeMs: stat.mtimeMs }] : [];
    })
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { file } of manifests.slice(keep)) rmSync(file, { force: true });
}
