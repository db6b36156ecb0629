// The compile worker when docs-it runs from its TypeScript sources (tests): a worker thread does not share the
// parent's module hooks, so it registers tsx itself before it loads the worker's module. The bundled CLI has
// its own compiled copy of the worker (compile-worker.mjs) and never loads this file.
import { register } from 'tsx/esm/api';

register();
await import('./compile-worker.ts');
