/*
 * A content file's text read from disk, and read again once a build has let it go (see held-texts): by the build's
 * thread, or by a compile worker told where a page's body is (`BodyPlace`), so that the build's thread, the critical
 * path of a large build's markdown stage, neither reads nor sends it. Imports nothing but the digest and the errors:
 * a worker loads it.
 */
import { readFileSync } from 'node:fs';
import { digestOfString } from '../cache/digest';
import { DocsItError } from '../errors';

/** Where a let-go text is read again, and the digest it must have (`digestOfString` of the text first read). */
export interface TextPlace {
  abs: string;
  /** Path relative to the site root, for errors. */
  file: string;
  digest: string;
}

/**
 * Where a page's body is: its file's text, normalized (`normalizedContentText`), with the front matter's characters
 * replaced by its line ends (as a parsed source's body is: see `withFrontMatter`).
 */
export interface BodyPlace extends TextPlace {
  headChars: number;
  headLines: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** A content file's text; a file that is not UTF-8 is an error at its first bad line. */
export function readText(abs: string, rel: string): string {
  const buffer = readFileSync(abs);
  const text = utf8.decode(buffer);
  if (text.includes('\uFFFD') && !buffer.includes(Buffer.from('\uFFFD'))) {
    const line = text.slice(0, text.indexOf('\uFFFD')).split('\n').length;
    throw new DocsItError('the file is not valid UTF-8', { file: rel, line }, 'Save the file with UTF-8 encoding.');
  }
  return text;
}

/** A text read again: the build's facts and keys are the first text's, so a file edited since is an error. */
export function readTextAgain(place: TextPlace): string {
  const again = readText(place.abs, place.file);
  if (digestOfString(again) !== place.digest) throw changedDuringBuild(place.file);
  return again;
}

function changedDuringBuild(file: string): DocsItError {
  return new DocsItError(
    'the file changed while the site was being built',
    { file },
    'Build again once the file is saved: this build read it before the change.',
  );
}

/** A content file's text as every reader of it takes it: no BOM, `\n` line ends. */
export function normalizedContentText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** A normalized text's body: its first `headChars` characters (the front matter) as `headLines` blank lines. */
export function bodyOfText(normal: string, headChars: number, headLines: number): string {
  return headChars === 0 ? normal : '\n'.repeat(headLines) + normal.slice(headChars);
}

/** A page's body read from its place, checked against its digest. */
export function readBody(place: BodyPlace): string {
  return bodyOfText(normalizedContentText(readTextAgain(place)), place.headChars, place.headLines);
}
