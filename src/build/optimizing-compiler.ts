import { setFlagsFromString } from 'node:v8';

/**
 * From this many content files a build runs long enough for V8's optimizing compiler (TurboFan) to pay for its
 * compilations; below, its concurrent compilations (about a quarter of a 100-doc build's processor time, on the
 * second processor the build already uses) cost more than the optimized code saves (docs/measurements.md, h115).
 */
export const turbofanFromFiles = 2000;

let off = false;

/**
 * `docs-it build` alone (not the tests' builds in one process, not `dev`'s long-lived server): TurboFan off for
 * every thread of the process (V8's flags are the process's) until `turbofanForFiles` knows the build's size.
 */
export function turbofanOffUntilSized(): void {
  setFlagsFromString('--no-turbofan');
  off = true;
}

/** Once the content is listed: TurboFan back for a large build (a function is optimized from then on). */
export function turbofanForFiles(files: number): void {
  if (!off || files < turbofanFromFiles) return;
  setFlagsFromString('--turbofan');
  off = false;
}
