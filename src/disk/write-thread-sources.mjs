// The file-writing thread when docs-it runs from its TypeScript sources (tests): the compiled copy in the
// checkout's CLI bundle when that bundle is current, else the sources, through tsx registered in this thread (see
// compile-worker-sources.mjs). The bundled CLI starts its own copy (write-thread.mjs) and never loads this file.
import { fileURLToPath } from 'node:url';
import { loadWorkerModule } from '../../bin/cli-bundle.mjs';

await loadWorkerModule(fileURLToPath(new URL('../..', import.meta.url)), 'write-thread.mjs', async () => {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./write-thread.ts');
});
