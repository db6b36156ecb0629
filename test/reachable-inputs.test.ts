import { test } from 'uvu';
import * as assert from 'uvu/assert';
// @ts-expect-error: a plain ES module next to the CLI entry (it runs before the TypeScript is bundled), without types.
import { reachableInputs } from '../bin/reachable-inputs.mjs';

const metafile = {
  inputs: {
    'src/markdown/compile-pages.ts': {
      imports: [{ path: 'src/markdown/processor.ts' }, { path: 'node:fs', external: true }],
    },
    'src/markdown/processor.ts': {
      imports: [
        { path: 'node_modules/unified/index.js' },
        { path: 'src/markdown/highlighter.ts' },
        { path: 'src/markdown/compile-pages.ts' },
      ],
    },
    'src/markdown/highlighter.ts': { imports: [{ path: 'node_modules/shiki/dist/core.mjs', kind: 'dynamic-import' }] },
    'node_modules/unified/index.js': { imports: [] },
    'node_modules/shiki/dist/core.mjs': { imports: [] },
    'templates/Sidebar.tsx': { imports: [{ path: 'src/markdown/walk.ts' }] },
    'src/markdown/walk.ts': { imports: [] },
  },
};

test('the pipeline sources are the project files reachable from the compile entry, cycles and all', () => {
  assert.equal(reachableInputs(metafile, 'src/markdown/compile-pages.ts'), [
    'src/markdown/compile-pages.ts',
    'src/markdown/highlighter.ts',
    'src/markdown/processor.ts',
  ]);
});

test('an entry the bundle does not contain is an error, not an empty list', () => {
  assert.throws(
    () => reachableInputs(metafile, 'src/markdown/missing.ts'),
    /src\/markdown\/missing\.ts is not among the bundle's inputs/,
  );
});

test.run();
