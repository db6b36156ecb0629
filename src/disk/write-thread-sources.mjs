// The file-writing thread when docs-it runs from its TypeScript sources (tests): a worker thread does not share
// the parent's module hooks, so it registers tsx itself before it loads the thread's module. The bundled CLI has
// its own compiled copy (write-thread.mjs) and never loads this file.
import { register } from 'tsx/esm/api';

register();
await import('./write-thread.ts');
