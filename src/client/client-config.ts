import type { ClientConfig } from '../shared/client-config';

declare const __DOCS_IT_CONFIG__: ClientConfig;

/** The config of this build, compiled into the bundle. */
export const clientConfig: ClientConfig = __DOCS_IT_CONFIG__;

export type { ClientConfig };
