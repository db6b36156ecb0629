import type { UserConfig } from './site-schema';

/** Identity function that gives `site.config.ts` its types. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

export type { UserConfig } from './site-schema';
