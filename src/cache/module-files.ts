import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { digestText } from './digest';
import { moduleRecord, recordedModule, recordFileOf } from './module-record';
import { readdirOrNone } from './stores';

/** Files of code to import (a transpiled `site.config.ts`): Node imports ES modules from files, not strings. */
export interface ModuleFiles {
  /**
   * The path of a file holding `code`, named after `name` and its content. With `made` (what it was made from:
   * see `module-record.ts`), it is recorded under `name` and `made.key` for `recorded`.
   */
  file(name: string, code: string, made?: { key: string; inputs: readonly string[]; startedAt: number }): string;
  /** The file recorded under `name` for `key`, while nothing it was made from changed (else undefined). */
  recorded(name: string, key: string): string | undefined;
  /** Removes the modules of earlier runs. */
  prune(): void;
}

/** `reuse`: whether `recorded` may give a module an earlier run made (not under `--no-cache`). */
export function moduleFiles(dir: string, { reuse = false }: { reuse?: boolean } = {}): ModuleFiles {
  const used = new Set<string>();
  return {
    file(name, code, made) {
      const file = path.join(dir, `${name.replace(/\W/g, '_')}-${digestText(code).slice(0, 16)}.mjs`);
      used.add(file);
      if (!existsSync(file)) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(file, code);
      }
      if (made) {
        const recordFile = recordFileOf(dir, name, made.key);
        used.add(recordFile);
        const record = moduleRecord(made.key, file, made.inputs, made.startedAt);
        if (record === undefined) rmSync(recordFile, { force: true });
        else writeFileSync(recordFile, record);
      }
      return file;
    },
    recorded(name, key) {
      if (!reuse) return undefined;
      const recordFile = recordFileOf(dir, name, key);
      const file = recordedModule(recordFile, key);
      if (file === undefined || !existsSync(file)) return undefined;
      used.add(recordFile);
      used.add(file);
      return file;
    },
    prune() {
      for (const name of readdirOrNone(dir)) {
        const file = path.join(dir, name);
        if (used.has(file)) continue;
        // Another build of the same site may be about to import its own: only files over a minute old go.
        const modified = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
        if (Date.now() - modified > 60_000) rmSync(file, { force: true });
      }
    },
  };
}
