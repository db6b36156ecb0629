import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '../../src/cli/serve-command';
import { buildSite } from '../../src/pipeline/build-site';
import { repoRoot } from '../helpers';

let built: Promise<string> | undefined;

/** The real site, built once per test process into test/.tmp, and served on loopback. */
export async function serveBuiltSite(): Promise<{ origin: string; close(): Promise<void> }> {
  built ??= (async () => {
    const out = path.join(repoRoot, 'test', '.tmp', `browser-site-${process.pid}`);
    if (!existsSync(path.join(out, 'it/index.html')))
      await buildSite({ packageRoot: repoRoot, config: path.join(repoRoot, 'site.config.ts'), out, quiet: true });
    return out;
  })();
  const running = await serve({ dir: await built, port: 0, host: '127.0.0.1' });
  return { origin: running.url.replace(/\/$/, ''), close: running.close };
}
