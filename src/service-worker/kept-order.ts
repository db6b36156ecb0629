/*
 * The order in which the service worker dates the files it keeps: a file is dated as used when it was answered,
 * not when its keeping ended. A page is answered from the network and put in the cache afterwards; two puts can
 * end in the other order (a larger page, a slower disk), and dated as each ended, the page read first would look
 * the more recent, and the bound would let go of the page read last. Workbox dates a file with the time of the
 * call (`CacheExpiration.updateTimestamp`), so the calls are made one at a time, in the order the files were
 * answered, each once its keeping has ended and in a later millisecond than the one before (two files dated in
 * one millisecond would be ordered by their addresses).
 */

/** Dates `key` as used now, then lets go of what is past the bound (the worker's `touchKept`). */
export type Touch = (key: string) => Promise<void>;

export interface KeptOrder {
  /**
   * A file answered now: dated once `kept` (its keeping, a resolved promise for a file already kept) has ended
   * and every file answered before it has been dated. Resolves when it is dated; a failed keeping dates it all
   * the same (workbox then finds nothing to date) and does not hold up the files after it.
   */
  answered(key: string, kept: Promise<unknown>): Promise<void>;
}

export function keptOrder(touch: Touch, now: () => number = Date.now): KeptOrder {
  let last: Promise<number> = Promise.resolve(Number.NEGATIVE_INFINITY);
  return {
    answered(key, kept) {
      const before = last;
      const dated = (async () => {
        const previous = await before;
        await kept.catch(() => undefined);
        while (now() <= previous) await new Promise((resolve) => setTimeout(resolve, 1));
        await touch(key).catch(() => undefined);
        return now();
      })();
      last = dated;
      return dated.then(() => undefined);
    },
  };
}
