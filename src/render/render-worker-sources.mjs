// The render worker when docs-it runs from its TypeScript sources (tests): the compiled copy in the checkout's CLI
// bundle when that bundle is current, else the sources, through tsx registered in this thread, naming the
// checkout's tsconfig so that the templates' JSX compiles for React's automatic runtime (see
// compile-worker-sources.mjs). The bundled CLI starts its own copy (render-worker.mjs) and never loads this file.
import { fileURLToPath } from 'node:url';
import { loadWorkerModule } from '../../bin/cli-bundle.mjs';

await loadWorkerModule(fileURLToPath(new URL('../..', import.meta.url)), 'render-worker.mjs', async () => {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: fileURLToPath(new URL('../../tsconfig.base.json', import.meta.url)) });
  await import('./render-worker.ts');
});
