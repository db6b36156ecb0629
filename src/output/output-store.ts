/*
 * Where the builds of an output folder live. `build` is a link to one folder of `.docs-it-builds-build/`, which
 * docs-it made (a marker file in it says so) and alone writes into: a new build is written into a new folder of
 * it, and publishing it is one rename of a new link onto `build`, so at every instant `build` is either the
 * whole previous build or the whole new one. Nothing here follows a link: links are read, renamed or refused.
 */
import { randomBytes } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { DocsItError } from '../errors';

const storePrefix = '.docs-it-builds-';
/** A store being made: renamed onto the store's name only once its marker is in it. */
const newStorePrefix = '.docs-it-new-';
const markerName = 'docs-it-builds.txt';
/** Build folders inside the store; the name sorts by creation time. */
const buildPrefix = 'b-';
const linkPrefix = 'link-';

/** The text of the marker file that makes a store docs-it's (only this exact text). */
const markerOf = (base: string) =>
  `docs-it keeps the builds of ${base} here; ${base} is a link to the one published.\n` +
  `Delete this folder together with ${base} when you no longer need them.\n`;

/** What stands at the output path before a build. */
export type OutputState =
  /** Nothing yet (first build), or an empty folder, which the first build replaces. */
  | { kind: 'none'; emptyFolder: boolean }
  /** A link to the build `live` of the store. */
  | { kind: 'ours'; live: string };

/** How a path is shown in messages: relative to the working directory. */
export const shownPath = (file: string) => path.relative(process.cwd(), file) || '.';

export function storeOf(out: string): string {
  return path.join(path.dirname(out), `${storePrefix}${path.basename(out)}`);
}

/** The text of the link at `out` to the build folder `name` (relative, so the site folder can move). */
const linkTextOf = (out: string, name: string) => `${storePrefix}${path.basename(out)}/${name}`;

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

function lstatOrNone(file: string) {
  try {
    return lstatSync(file);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * What is at `out`, refusing anything docs-it did not make: a link elsewhere (a deploy folder), a folder with
 * files, a file. docs-it never writes into them, empties them or moves them.
 */
export function outputState(out: string): OutputState {
  const stat = lstatOrNone(out);
  if (!stat) return { kind: 'none', emptyFolder: false };
  const shown = shownPath(out);
  if (stat.isSymbolicLink()) {
    const text = readlinkSync(out);
    // Relative (see `linkTextOf`), or absolute for a Windows junction (see `publish`).
    const prefix = path.isAbsolute(text) ? `${storeOf(out)}${path.sep}` : linkTextOf(out, '');
    const live = text.startsWith(prefix) ? text.slice(prefix.length) : '';
    if (live.startsWith(buildPrefix) && !/[\\/]/.test(live)) return { kind: 'ours', live };
    throw new DocsItError(
      `${shown} is a link to ${text}, which docs-it did not make: it never writes into a folder it does not own`,
      { file: shown },
      `docs-it publishes a build by pointing ${shown} at it in one step, so nothing ever serves half a build. ` +
        `Remove the link and build again; then deploy by copying (rsync -a --delete ${shown}/ ${text}/) or by ` +
        `pointing the web server at ${shown}.`,
    );
  }
  if (stat.isDirectory()) {
    if (readdirSync(out).length === 0) return { kind: 'none', emptyFolder: true };
    throw new DocsItError(
      `${shown}/ is a folder docs-it did not make, and it is not empty: docs-it does not replace it`,
      { file: shown },
      `docs-it keeps its builds in ${path.basename(storeOf(out))}/ and makes ${shown} a link to the newest. ` +
        `Move ${shown}/ away (or delete it, if it is a build of an older docs-it), or build elsewhere with --out.`,
    );
  }
  throw new DocsItError(
    `${shown} is a file, not a folder`,
    { file: shown },
    `Move it away, or build elsewhere with --out.`,
  );
}

/**
 * The store of `out`, made if missing (its marker written before it appears under its name, so a store without
 * one is never docs-it's). A link, a file or a folder without the marker there is refused, never used.
 */
export function ensureStore(out: string): string {
  const store = storeOf(out);
  const base = path.basename(out);
  if (!lstatOrNone(store)) {
    const made = path.join(
      path.dirname(out),
      `${newStorePrefix}${base}-${process.pid}-${randomBytes(6).toString('hex')}`,
    );
    mkdirSync(made);
    writeFileSync(path.join(made, markerName), markerOf(base));
    try {
      renameSync(made, store);
    } catch (error) {
      rmSync(made, { recursive: true, force: true });
      // Another build made it meanwhile (or something else is there: checked below).
      if (!['EEXIST', 'ENOTEMPTY', 'ENOTDIR'].includes(codeOf(error) ?? '')) throw error;
    }
  }
  checkStore(store, base);
  return store;
}

function checkStore(store: string, base: string): void {
  const shown = shownPath(store);
  const stat = lstatOrNone(store);
  const hint =
    `docs-it keeps the builds of ${base} there and would move and delete what it holds; ` +
    `remove ${shown} (it is not docs-it's), then build again.`;
  if (stat?.isSymbolicLink())
    throw new DocsItError(`${shown} is a link (to ${readlinkSync(store)}), not a folder docs-it made`, undefined, hint);
  if (!stat?.isDirectory()) throw new DocsItError(`${shown} is not a folder docs-it made`, undefined, hint);
  const marker = path.join(store, markerName);
  const markerStat = lstatOrNone(marker);
  if (!markerStat?.isFile() || readFileSync(marker, 'utf8') !== markerOf(base))
    throw new DocsItError(
      `${shown} is a folder docs-it did not make (it has no marker ${markerName})`,
      undefined,
      hint,
    );
}

/** The lock of an output folder: in its store, so two sites' builds never share one. */
export const lockOf = (store: string) => path.join(store, 'lock');

/**
 * Clears what interrupted builds left (their folders, a link not yet renamed, stores being made) and returns the
 * folder of an earlier build to take files from (see background-writes' `useSpare`): the newest build folder
 * but the live one. Only real folders and links inside the store are removed; call with the lock held.
 */
export async function tidyStore(out: string, store: string, live: string | undefined): Promise<string | undefined> {
  const builds: string[] = [];
  for (const entry of readdirSync(store, { withFileTypes: true })) {
    if (entry.name.startsWith(linkPrefix) && entry.isSymbolicLink()) unlinkSync(path.join(store, entry.name));
    else if (entry.name.startsWith(buildPrefix) && entry.isDirectory() && entry.name !== live) builds.push(entry.name);
  }
  builds.sort();
  const spare = builds.pop();
  await Promise.all(builds.map((name) => rm(path.join(store, name), { recursive: true, force: true })));
  removeStaleNewStores(out);
  return spare && path.join(store, spare);
}

/** Stores that a build killed while making them left beside the output (only folders holding just a marker). */
function removeStaleNewStores(out: string): void {
  const parent = path.dirname(out);
  const prefix = `${newStorePrefix}${path.basename(out)}-`;
  for (const entry of readdirSync(parent, { withFileTypes: true })) {
    if (!entry.name.startsWith(prefix) || !entry.isDirectory()) continue;
    const pid = Number(/^(\d+)-/.exec(entry.name.slice(prefix.length))?.[1]);
    if (!pid || isRunning(pid)) continue;
    const full = path.join(parent, entry.name);
    const inside = readdirSync(full);
    if (inside.length <= 1 && inside.every((name) => name === markerName)) rmSync(full, { recursive: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

/** A new, empty build folder in the store (its name sorts after every earlier one). */
export function newBuildFolder(store: string): string {
  const name = `${buildPrefix}${Date.now().toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
  const dir = path.join(store, name);
  mkdirSync(dir);
  return dir;
}

/**
 * Publishes the build folder `dir`: a new link to it is renamed onto `out`, replacing the previous link in one
 * step. An empty folder the first build replaces is removed just before (there is nothing to keep in it).
 */
export function publish(out: string, store: string, dir: string, state: OutputState): void {
  const link = path.join(store, `${linkPrefix}${randomBytes(6).toString('hex')}`);
  // On Windows a junction needs no privilege, and takes an absolute target.
  if (process.platform === 'win32') symlinkSync(dir, link, 'junction');
  else symlinkSync(linkTextOf(out, path.basename(dir)), link);
  try {
    if (state.kind === 'none' && state.emptyFolder) rmdirSync(out);
    renameSync(link, out);
  } catch (error) {
    unlinkSync(link);
    throw error;
  }
}
