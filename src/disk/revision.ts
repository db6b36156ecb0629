import { hash } from 'node:crypto';

/**
 * A content hash for precache revisions (SHA-256, not MD5: CPUs hash it in hardware, so it is the faster one): the
 * first 16 bytes of the digest in hex. Encoded from the bytes, it is a string of its own: a slice of the whole hex
 * digest would be V8's view into it, keeping its 64 characters alive for as long as the build keeps the revision.
 * Made by the build's thread or by the file-writing thread as it writes the bytes (see background-writes' `write`),
 * which loads this module and nothing else of docs-it's but its own folder's.
 */
export function revisionOf(contents: string | Uint8Array): string {
  return hash('sha256', contents, 'buffer').toString('hex', 0, 16);
}
