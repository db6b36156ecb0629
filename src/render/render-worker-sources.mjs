// The render worker when docs-it runs from its TypeScript sources (tests): a worker thread does not share the
// parent's module hooks, so it registers tsx itself before it loads the worker's module, naming the checkout's
// tsconfig so that the templates' JSX compiles for React's automatic runtime (see compile-worker-sources.mjs).
// The bundled CLI has its own compiled copy of the worker (render-worker.mjs) and never loads this file.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.base.json', import.meta.url)) });
await import('./render-worker.ts');
