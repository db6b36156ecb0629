import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * TypeScript's compiler script: its package exports its package.json but not bin/tsc, so the script is found beside
 * the former (scripts/build-package.mjs, a plain script, finds it the same way).
 */
export const tscPath = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
  'bin/tsc',
);
