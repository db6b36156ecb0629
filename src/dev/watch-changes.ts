/**
 * Which of the watcher's events are changes. Chokidar names every file it starts to watch (`add`), in its first scan
 * and for each path added later (a stylesheet the site's code has started to import): such a file is a change only
 * when it was modified after it was first asked for, since the site read it then. A file saved while dev started
 * (seconds for a large site) is one, and would otherwise wait for its next save.
 */
export interface WatchChanges {
  /**
   * Of `files`, those not watched yet, noted as watched from `since` on: their first `add` is a change only if they
   * are newer. The caller gives the watcher those.
   */
  watchFrom(files: readonly string[], since: number): string[];
  /** Marks the end of the first scan: what it found is known. */
  scanned(): void;
  /** Whether the event is a change the site should apply (`mtimeMs` of the file, when the event has it). */
  isChange(event: string, file: string, mtimeMs: number | undefined): boolean;
}

/**
 * `since`: when the site began to read its files, as a file time (milliseconds since the epoch, with fractions,
 * as files' times are: a whole millisecond would take a file written earlier in the same millisecond for a change).
 * `watched`: the paths the watcher was given at its start.
 */
export function watchChanges(since: number, watched: Iterable<string>): WatchChanges {
  let scanning = true;
  const paths = new Set(watched);
  // Paths added after the first scan, each with the time it was added, until its first `add` is seen.
  const added = new Map<string, number>();
  return {
    watchFrom(files, at) {
      const fresh = [...new Set(files)].filter((file) => !paths.has(file));
      for (const file of fresh) {
        paths.add(file);
        added.set(file, at);
      }
      return fresh;
    },
    scanned() {
      scanning = false;
    },
    isChange(event, file, mtimeMs) {
      if (scanning) return event !== 'addDir' && !(event === 'add' && (mtimeMs ?? 0) < since);
      const from = added.get(file);
      if (from === undefined || event !== 'add') return true;
      added.delete(file);
      return (mtimeMs ?? 0) >= from;
    },
  };
}
