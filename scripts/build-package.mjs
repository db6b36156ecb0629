// `npm pack`'s prepack step: what an installed docs-it runs and what a site's TypeScript reads, into dist/.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeCliBundle } from '../bin/cli-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
rmSync(dist, { recursive: true, force: true });

// The CLI and its threads, with the code versions that key a site's cache.
const cli = await writeCliBundle(root, path.join(dist, 'cli'), { sourcemap: false });
await cli.endChildProcesses();

// `import { defineConfig } from 'docs-it'` outside docs-it's own loader (which reads src/index.ts).
await build({
  absWorkingDir: root,
  entryPoints: [path.join(root, 'src/index.ts')],
  outfile: path.join(dist, 'index.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
});

// The declarations of that module (package.json's `exports` names them).
// TypeScript's package exports its package.json but not bin/tsc: the compiler is found beside the former.
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.types.json')], { stdio: 'inherit' });
// Node's own resolution (`moduleResolution: node16/nodenext` in a site) wants the extension of every relative
// import, which the sources leave out.
const types = path.join(dist, 'types');
for (const rel of readdirSync(types, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.d.ts'))) {
  const file = path.join(types, rel);
  const withExtensions = readFileSync(file, 'utf8').replace(
    /(from\s+|import\()(['"])(\.\.?\/[^'"]+)\2/g,
    (whole, before, quote, spec) => {
      const target = path.resolve(path.dirname(file), spec);
      if (existsSync(`${target}.d.ts`)) return `${before}${quote}${spec}.js${quote}`;
      if (existsSync(path.join(target, 'index.d.ts'))) return `${before}${quote}${spec}/index.js${quote}`;
      return whole;
    },
  );
  writeFileSync(file, withExtensions);
}
