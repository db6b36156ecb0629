#!/usr/bin/env node
// `npm create docs-it [dir] -- [--locale it] [--force]` (or `npm init docs-it`): npm installs this package and runs
// it; it runs `docs-it init` of the docs-it it depends on, with the same arguments, and exits with its code.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
let manifestFile;
try {
  manifestFile = require.resolve('docs-it/package.json');
} catch {
  process.stderr.write('create-docs-it: the package docs-it is not installed beside it.\n  → Run: npx docs-it init\n');
  process.exit(1);
}
const { bin } = require(manifestFile);
const result = spawnSync(
  process.execPath,
  [path.join(path.dirname(manifestFile), bin['docs-it']), 'init', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
