/**
 * The service worker's bound on the files it keeps as readers open them (`pwa.keep.maxFiles`): the config's
 * default, and how the registration tells the worker (a parameter of `sw.js`'s URL, so the worker's bytes stay
 * the same whatever the setting).
 */
export const defaultKeptFiles = 1000;
export const keptFilesParam = 'keep';

/** The bound a worker was registered with: its URL's parameter (`value`) when that is a positive whole number. */
export function keptFilesOf(param: string | null): number {
  const value = Number(param);
  return Number.isInteger(value) && value > 0 ? value : defaultKeptFiles;
}
