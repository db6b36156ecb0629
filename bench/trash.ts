/*
 * What the benchmarks throw away while they measure: moved into `bench/.sites/.trash`, deleted when they are done.
 * On this machine's ext4, which has no journal, creating a file costs up to ten times more for a minute or more
 * after many were deleted (the kernel steps over recently freed inodes one by one: docs/measurements.md), so a
 * benchmark that
 * deleted a site or a cache before a build billed its own clean-up to the build it measured.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const sites = path.resolve(import.meta.dirname, '.sites');
const trash = path.join(sites, '.trash');
const cleanedAt = path.join(sites, '.cleaned-at');
/** How long ext4 without a journal steps over an inode after its deletion, once written back (RECENTCY_MIN). */
const recentlyDeletedMs = 65_000;
let thrown = 0;

/** Moves a file or folder into the trash, if it exists (it must be on the same disk as `bench/.sites`). */
export function throwAway(file: string): void {
  if (!existsSync(file)) return;
  mkdirSync(trash, { recursive: true });
  renameSync(file, path.join(trash, `${process.pid}-${thrown++}-${path.basename(file)}`));
}

/** Deletes the trash, flushes that to disk and notes when (see `waitForCleanUp`). */
export function emptyTrash(): void {
  if (!existsSync(trash)) return;
  rmSync(trash, { recursive: true, force: true });
  spawnSync('sync');
  writeFileSync(cleanedAt, String(Date.now()));
}

/**
 * Before the first build: deletes what an interrupted run left in the trash, then waits out the minute after
 * the last clean-up if it is not over.
 */
export function waitForCleanUp(): void {
  emptyTrash();
  const since = Date.now() - Number(existsSync(cleanedAt) ? readFileSync(cleanedAt, 'utf8') : 0);
  if (since >= recentlyDeletedMs) return;
  const wait = recentlyDeletedMs - since;
  console.log(`(waiting ${Math.ceil(wait / 1000)} s: files deleted a moment ago slow down creating files)`);
  spawnSync('sleep', [String(wait / 1000)]);
}
