/*
 * The peers the benchmarks compare docs-it with (Docusaurus 3, VitePress 1, Rspress 2, Starlight with Astro 5)
 * and md4w (md4c compiled to WebAssembly: the markdown floor of bench/markdown-floor.mjs), installed on first use
 * from the npm registry into node_modules/.cache/docs-it-peers (never dependencies of docs-it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
export const peersDir = path.join(repo, 'node_modules/.cache/docs-it-peers');

export const peers = {
  docusaurus: {
    dependencies: {
      '@docusaurus/core': '^3',
      '@docusaurus/preset-classic': '^3',
      '@docusaurus/faster': '^3',
      '@mdx-js/react': '^3',
      clsx: '^2',
      'prism-react-renderer': '^2',
      react: '^19',
      'react-dom': '^19',
    },
    version: '@docusaurus/core',
  },
  vitepress: { dependencies: { vitepress: '^1' }, version: 'vitepress' },
  rspress: { dependencies: { '@rspress/core': '^2' }, version: '@rspress/core' },
  // Starlight 0.38 and later need Astro 6, which needs Node 22.12: 0.37 with Astro 5 is the newest for Node 20.
  starlight: { dependencies: { '@astrojs/starlight': '~0.37', astro: '^5' }, version: '@astrojs/starlight' },
  md4w: { dependencies: { md4w: '^0.2' }, version: 'md4w' },
} as const;

export type Peer = keyof typeof peers;

/** Installs a peer into its folder under node_modules/.cache/docs-it-peers when it is not there. */
export function install(peer: Peer): string {
  const dir = path.join(peersDir, peer);
  const { dependencies, version } = peers[peer];
  const manifest = path.join(dir, 'node_modules', version, 'package.json');
  if (!existsSync(manifest)) {
    console.log(`installing ${peer} from the npm registry into ${path.relative(repo, dir)}…`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, dependencies }, null, 2));
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (npm.status !== 0) throw new Error(`npm install of ${peer} failed`);
  }
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}
