import type { ClientConfig } from '../shared/client-config';

/** The config as JSON text (see src/site/bundle/bundle-client.ts). */
declare const __DOCS_IT_CONFIG__: string;

/** The config of this build, compiled into the bundle. */
export const clientConfig: ClientConfig = JSON.parse(__DOCS_IT_CONFIG__);

export type { ClientConfig };
