// The compile worker when docs-it runs from its TypeScript sources (tests): a worker thread does not share the
// parent's module hooks, so it registers tsx itself before it loads the worker's module. It names the checkout's
// tsconfig: tsx would otherwise look for one from the working folder, which is the site's, and compile the
// templates' JSX for another runtime. The bundled CLI has its own compiled copy of the worker (compile-worker.mjs)
// and never loads this file.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../../tsconfig.base.json', import.meta.url)) });
await import('./compile-worker.ts');
