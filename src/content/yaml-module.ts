import { createRequire } from 'node:module';

/*
 * The YAML library, out of the CLI's start: 262 KB of code whose parser a site with plain front matter and no YAML
 * file never calls, compiled and evaluated on every build's critical path when it was imported statically. A build
 * that will parse YAML loads it ahead (`loadYaml`, its chunk of the CLI bundle); any other caller, which YAML's
 * synchronous uses here cannot await, gets it from `node_modules` at its first use (`yamlModule`): the same package.
 */

type Yaml = typeof import('yaml');

let loaded: Yaml | undefined;

/** Loads the YAML library ahead of the synchronous stages that will parse YAML (the CLI bundle's own chunk). */
export async function loadYaml(): Promise<void> {
  if (loaded) return;
  // yaml is CommonJS: imported, its exports are the namespace's default (the bundle's, Node's), named ones maybe not.
  const imported = (await import('yaml')) as Yaml & { default?: Yaml };
  loaded ??= imported.default ?? imported;
}

/** The YAML library: the one `loadYaml` loaded, else the installed package, required now. */
export function yamlModule(): Yaml {
  loaded ??= createRequire(import.meta.url)('yaml') as Yaml;
  return loaded;
}
