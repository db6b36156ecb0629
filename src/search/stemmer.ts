import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Stem, StemmerName } from '../shared/search/stemmers';

type StemmerModule = Promise<{ stemmer: Stem }>;

/** Each module by name, written out so that the CLI bundle holds them (one chunk each, loaded when used). */
const modules: Record<StemmerName, () => StemmerModule> = {
  arabic: () => import('@orama/stemmers/arabic'),
  armenian: () => import('@orama/stemmers/armenian'),
  bulgarian: () => import('@orama/stemmers/bulgarian'),
  danish: () => import('@orama/stemmers/danish'),
  dutch: () => import('@orama/stemmers/dutch'),
  english: () => import('@orama/stemmers/english'),
  finnish: () => import('@orama/stemmers/finnish'),
  french: () => import('@orama/stemmers/french'),
  german: () => import('@orama/stemmers/german'),
  greek: () => import('@orama/stemmers/greek'),
  hungarian: () => import('@orama/stemmers/hungarian'),
  indonesian: () => import('@orama/stemmers/indonesian'),
  irish: () => import('@orama/stemmers/irish'),
  italian: () => import('@orama/stemmers/italian'),
  lithuanian: () => import('@orama/stemmers/lithuanian'),
  nepali: () => import('@orama/stemmers/nepali'),
  norwegian: () => import('@orama/stemmers/norwegian'),
  portuguese: () => import('@orama/stemmers/portuguese'),
  romanian: () => import('@orama/stemmers/romanian'),
  russian: () => import('@orama/stemmers/russian'),
  serbian: () => import('@orama/stemmers/serbian'),
  spanish: () => import('@orama/stemmers/spanish'),
  swedish: () => import('@orama/stemmers/swedish'),
  tamil: () => import('@orama/stemmers/tamil'),
  turkish: () => import('@orama/stemmers/turkish'),
  ukrainian: () => import('@orama/stemmers/ukrainian'),
};

/** The stemmer function, for the build's index. */
export async function loadStemmer(name: StemmerName): Promise<Stem> {
  return (await modules[name]()).stemmer;
}

/**
 * The stemmer's ES module as the package ships it (self-contained, `export function stemmer`): the file
 * `stemmerSource` reads, and the one `StemThread` imports (the module the CLI bundle holds is built from it).
 */
export function stemmerUrl(name: StemmerName): string {
  return import.meta.resolve(`@orama/stemmers/${name}`);
}

/**
 * The stemmer's module (`stemmerUrl`): the browser imports this file from beside the index to stem queries exactly
 * as the index was stemmed.
 */
export async function stemmerSource(name: StemmerName): Promise<string> {
  return readFile(fileURLToPath(stemmerUrl(name)), 'utf8');
}
