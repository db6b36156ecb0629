import { setFlagsFromString } from 'node:v8';

/**
 * From this many content files a cold build runs long enough for V8's optimizing compiler (TurboFan) to pay for its
 * compilations; below, its concurrent compilations (about a quarter of a 100-doc build's processor time, on the
 * second processor the build already uses) cost more than the optimized code saves. Measured on both sides of it
 * (docs/measurements.md, h115's section and the lead's at the end of the thirteenth session): the real site and
 * 100 docs faster without, 1,000 docs slower.
 */
export const turbofanFromFiles = 500;

let off = false;

/**
 * `docs-it build` alone (not the tests' builds in one process, not `dev`'s long-lived server): TurboFan off for
 * every thread of the process (V8's flags are the process's) until `turbofanForFiles` knows the build's size.
 */
export function turbofanOffUntilSized(): void {
  setFlagsFromString('--no-turbofan');
  off = true;
}

/**
 * Once the content is listed: TurboFan back for a large build, and for a warm one (`cold` false: its work is the
 * cache's tight loops over every page, which optimized code runs faster at any size); a function is optimized from
 * then on.
 */
export function turbofanForFiles(files: number, cold: boolean): void {
  if (!off || (cold && files < turbofanFromFiles)) return;
  setFlagsFromString('--turbofan');
  off = false;
}
