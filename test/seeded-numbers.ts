/*
 * A deterministic stream of numbers, so a test's generated input (and so a failure) replays from its seed.
 * Kept out of `helpers.ts`, which loads the whole build, so that tests of pure modules stay quick to load.
 */

/** `next(n)` returns the stream's next number in [0, n). */
export function numbers(seed: number): (n: number) => number {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}
