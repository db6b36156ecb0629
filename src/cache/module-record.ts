import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { digestText } from './digest';

/*
 * What esbuild made of a site module (its config, a data file) at the last build, taken again without asking esbuild
 * while nothing esbuild read to make it can have changed: every file it bundled has the same bytes; each folder
 * those files are in lists the same names (a file added beside an import could change what the import resolves to);
 * and each of those folders and their parents holds the same `package.json`, `tsconfig.json` and `jsconfig.json`
 * (or still none), with the files a tsconfig `extends` (esbuild applies them to the code). A warm build then
 * starts no esbuild process at all. Anything else (an input changed, gone or added, another esbuild, options or
 * working folder, a record cut short) asks esbuild, as without a record.
 */

/** The files that decide how esbuild reads the code of a folder and of the folders under it. */
const folderConfigs = ['package.json', 'tsconfig.json', 'jsconfig.json'];

/** A record as kept in its file. */
interface RecordFile {
  key: string;
  /** The transpiled module's file (see `ModuleFiles`), by its name in the modules folder. */
  module: string;
  /** Absolute path and digest of each file esbuild read. */
  inputs: [string, string][];
  /** Absolute path and digest of the sorted names of each of their folders. */
  folders: [string, string][];
  /** Absolute path and digest (null: no such file) of each folder config that applies to them. */
  configs: [string, string | null][];
}

/** The digest of a file's bytes, or null when there is none (or it cannot be read). */
function fileDigest(file: string): string | null {
  try {
    return digestText(readFileSync(file, 'latin1'));
  } catch {
    return null;
  }
}

function listingDigest(dir: string): string | null {
  try {
    return digestText(readdirSync(dir).sort().join('\0'));
  } catch {
    return null;
  }
}

/**
 * The tsconfig files a tsconfig `extends`, relative paths only; undefined when one names a package (resolved as
 * esbuild does, through node_modules: not followed here, so the module is not recorded).
 */
function extendedConfigs(file: string): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const match = /"extends"\s*:\s*("(?:[^"\\]|\\.)*"|\[[^\]]*\])/.exec(text);
  if (!match) return /"extends"/.test(text) ? undefined : [];
  const named = [...match[1]!.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
  if (named.some((name) => !/^\.\.?\//.test(name))) return undefined;
  return named.map((name) => path.resolve(path.dirname(file), name));
}

/** Every folder config that applies to `folders` (each folder and its parents), and what they extend. */
function configsOf(folders: Iterable<string>): [string, string | null][] | undefined {
  const dirs = new Set<string>();
  for (let dir of folders) {
    for (;;) {
      if (dirs.has(dir)) break;
      dirs.add(dir);
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  const configs = new Map<string, string | null>();
  const pending = [...dirs].flatMap((dir) => folderConfigs.map((name) => path.join(dir, name)));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (configs.has(file)) continue;
    const digest = fileDigest(file);
    configs.set(file, digest);
    if (digest === null || path.basename(file) === 'package.json') continue;
    const extended = extendedConfigs(file);
    if (!extended) return undefined;
    pending.push(...extended);
  }
  return [...configs].sort(([a], [b]) => (a < b ? -1 : 1));
}

/** Where the record of a module named `name` made for `key` is kept, in the modules folder. */
export function recordFileOf(modulesDir: string, name: string, key: string): string {
  return path.join(modulesDir, `${name.replace(/\W/g, '_')}-${digestText(key).slice(0, 16)}.record.json`);
}

/**
 * The transpiled module's file `recordFile` holds for `key`, when every file, folder and folder config it names is
 * as it was; else undefined.
 */
export function recordedModule(recordFile: string, key: string): string | undefined {
  let record: RecordFile;
  try {
    record = JSON.parse(readFileSync(recordFile, 'utf8')) as RecordFile;
  } catch {
    return undefined;
  }
  if (
    typeof record !== 'object' ||
    record === null ||
    record.key !== key ||
    typeof record.module !== 'string' ||
    ![record.inputs, record.folders, record.configs].every(Array.isArray)
  )
    return undefined;
  const same =
    record.inputs.every(([file, digest]) => fileDigest(file) === digest) &&
    record.folders.every(([dir, digest]) => listingDigest(dir) === digest) &&
    record.configs.every(([file, digest]) => fileDigest(file) === digest);
  return same ? path.join(path.dirname(recordFile), record.module) : undefined;
}

/**
 * A file's modification and change times are both older than `before` by more than the coarsest timestamps a site
 * may sit on (FAT's 2 s): what it holds now is what it held then.
 */
const settledBefore = (file: string, before: number) => {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat === undefined || (stat.mtimeMs < before - 2000 && stat.ctimeMs < before - 2000);
};

/**
 * The record of a module esbuild made from `inputs` (absolute paths), started at `startedAt` (the wall clock, in
 * ms), kept in `moduleFile`'s folder; undefined when it cannot be recorded: a file or folder changed since shortly
 * before esbuild started (what esbuild read may not be what is there now), or a tsconfig extends a package's.
 */
export function moduleRecord(
  key: string,
  moduleFile: string,
  inputs: readonly string[],
  startedAt: number,
): string | undefined {
  const folders = [...new Set(inputs.map((file) => path.dirname(file)))].sort();
  const configs = configsOf(folders);
  if (!configs) return undefined;
  const record: RecordFile = {
    key,
    module: path.basename(moduleFile),
    inputs: inputs.map((file) => [file, fileDigest(file) ?? '']),
    folders: folders.map((dir) => [dir, listingDigest(dir) ?? '']),
    configs,
  };
  // Looked at after the digests: a change after this look shows in them at the next build.
  const read = [...inputs, ...folders, ...configs.map(([file]) => file)];
  return read.every((file) => settledBefore(file, startedAt)) ? JSON.stringify(record) : undefined;
}
