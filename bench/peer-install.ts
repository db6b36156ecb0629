/*
 * The peers the benchmarks compare docs-it with (Docusaurus 3, VitePress 1), installed on first use from the npm
 * registry into node_modules/.cache/docs-it-peers (never dependencies of docs-it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
} as const;

/** Installs a peer into its folder under node_modules/.cache/docs-it-peers when it is not there. */
export function install(peer: keyof typeof peers): string {
  const dir = path.join(peersDir, peer);
  const { dependencies, version } = peers[peer];
  const manifest = path.join(dir, 'node_modules', version, 'package.json');
  if (!existsSync(manifest)) {
    console.log(`installo ${peer} dal registro npm in ${path.relative(repo, dir)}…`);
    spawnSync('mkdir', ['-p', dir]);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, dependencies }, null, 2));
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (npm.status !== 0) throw new Error(`npm install of ${peer} failed`);
  }
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}
