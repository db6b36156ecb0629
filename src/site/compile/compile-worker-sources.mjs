// The compile worker when docs-it runs from its TypeScript sources (tests): the compiled copy in the checkout's
// CLI bundle when that bundle is current, else the sources, through tsx registered in this thread (a worker thread
// does not share the parent's module hooks), naming the checkout's tsconfig: tsx would otherwise look for one from
// the working folder, which is the site's, and compile the templates' JSX for another runtime. See
// `loadWorkerModule` in bin/cli-bundle.mjs. The bundled CLI starts its own copy and never loads this file.
import { fileURLToPath } from 'node:url';
import { loadWorkerModule } from '../../../bin/cli-bundle.mjs';

await loadWorkerModule(fileURLToPath(new URL('../../..', import.meta.url)), 'compile-worker.mjs', async () => {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: fileURLToPath(new URL('../../../tsconfig.base.json', import.meta.url)) });
  await import('./compile-worker.ts');
});
