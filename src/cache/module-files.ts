import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { digestText } from './digest';
import { readdirOrNone } from './stores';

/** Files of code to import (a transpiled `site.config.ts`): Node imports ES modules from files, not strings. */
export interface ModuleFiles {
  /** The path of a file holding `code`, named after `name` and its content. */
  file(name: string, code: string): string;
  /** Removes the modules of earlier runs. */
  prune(): void;
}

export function moduleFiles(dir: string): ModuleFiles {
  const used = new Set<string>();
  return {
    file(name, code) {
      const file = path.join(dir, `${name.replace(/\W/g, '_')}-${digestText(code).slice(0, 16)}.mjs`);
      used.add(file);
      if (!existsSync(file)) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(file, code);
      }
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
