import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { watch } from 'chokidar';
import { bundleDevClient, clientPath, createDevServer } from '../dev/dev-server';
import { DevSite } from '../dev/dev-site';
import { formatError } from '../errors';
import { listen } from '../server/listen';

export interface DevOptions {
  packageRoot: string;
  /** The bundled CLI's folder (see RunContext). */
  cliDir?: string;
  config: string;
  port: number;
  host: string;
  open: boolean;
}

export interface RunningDev {
  url: string;
  site: DevSite;
  close(): Promise<void>;
}

/** How long the background compile waits for the first page request before starting anyway. */
const firstPageWait = 1500;

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'start' : 'xdg-open';
  spawn(command, [url], { detached: true, stdio: 'ignore', shell: process.platform === 'win32' })
    .on('error', () => undefined)
    .unref();
}

/** `docs-it dev` inside one process: serve from memory, watch content and client code, push reloads. */
export async function startDev(options: DevOptions, log: (line: string) => void = console.log): Promise<RunningDev> {
  const started = performance.now();
  const site = new DevSite(
    { config: options.config, packageRoot: options.packageRoot, cliDir: options.cliDir },
    `<script type="module" src="${clientPath}"></script>`,
  );
  const [devClient] = await Promise.all([bundleDevClient(options.packageRoot), site.start()]);
  const { server, broadcast } = createDevServer(site, devClient, options.host);
  let origin: string;
  try {
    origin = await listen(server, options.port, options.host);
  } catch (error) {
    // A busy port: nothing may stay running (the bundler's service would keep the process alive).
    await site.dispose();
    throw error;
  }
  const url = `${origin}${site.config.site.baseUrl}`;
  log(`docs-it dev: pronto in ${Math.round(performance.now() - started)} ms su ${url}`);
  for (const warning of site.warnings) log(`Avviso: ${warning}`);
  if (options.open) openBrowser(url);

  const report = (errors: typeof site.errors) => {
    if (errors.length) for (const e of errors) log(`✖ ${formatError(e)}`);
  };
  // The page the writer opens comes first: a background compile started now would make it wait behind
  // another page (and the highlighter's warm-up). Start when it has been served, or after a short wait.
  const idle = new Promise<void>((resolve) => setTimeout(resolve, firstPageWait).unref());
  void Promise.race([site.firstPageServed, idle])
    .then(() => site.compileEverything())
    .then(() => report(site.errors));

  const { paths } = site.config;
  const watcher = watch(
    [
      paths.content,
      paths.configFile,
      // The site's components module and its neighbours: rendered into pages and bundled for the browser.
      ...(site.config.site.components ? [path.dirname(path.resolve(paths.root, site.config.site.components))] : []),
      path.join(options.packageRoot, 'src/client'),
      path.join(options.packageRoot, 'templates/styles.css'),
    ],
    // Links are not followed: a link to a parent folder would make the watcher walk the whole disk.
    { ignoreInitial: true, followSymlinks: false },
  );
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const flush = () => {
    const batch = [...pending];
    pending = new Set();
    running = running.then(async () => {
      const t = performance.now();
      try {
        const result = await site.update(batch);
        broadcast(result);
        log(`↻ ${batch.map((f) => path.relative(paths.root, f)).join(', ')} (${Math.round(performance.now() - t)} ms)`);
        report(result.errors);
      } catch (error) {
        log(`✖ ${(error as Error).message}`);
      }
    });
  };
  watcher.on('all', (_event, file) => {
    pending.add(path.resolve(file));
    clearTimeout(timer);
    // Editors save in bursts (write, rename, chmod): wait a moment and apply them together.
    timer = setTimeout(flush, 5);
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    url,
    site,
    async close() {
      await watcher.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await site.dispose();
    },
  };
}

/**
 * The supervisor: templates and node-side code are bundled into the CLI, so a change there restarts the
 * dev process (the browser tabs notice the new server and reload).
 */
export function superviseDev(binFile: string, args: string[], packageRoot: string): void {
  let child: ChildProcess | undefined;
  let restarting = false;
  const watcher = watch([path.join(packageRoot, 'templates'), path.join(packageRoot, 'src')], {
    ignoreInitial: true,
    ignored: (file) => file.includes(`${path.sep}client${path.sep}`) || file.endsWith('.css'),
  });
  const startChild = () => {
    // The IPC channel is how the child knows the supervisor is gone (see `exitWithSupervisor`).
    child = spawn(process.execPath, [binFile, ...args], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, DOCS_IT_DEV_CHILD: '1' },
    });
    child.once('exit', (code) => {
      if (restarting) {
        restarting = false;
        startChild();
        return;
      }
      // The server stopped on its own (a busy port, an error): the supervisor has nothing left to do.
      void watcher.close();
      process.exit(code ?? 1);
    });
  };
  startChild();
  let timer: NodeJS.Timeout | undefined;
  watcher.on('all', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      console.log('↻ codice dei template cambiato: riavvio del server di sviluppo…');
      restarting = true;
      child?.kill('SIGTERM');
    }, 50);
  });
  const stop = () => {
    void watcher.close();
    restarting = false;
    child?.removeAllListeners('exit');
    child?.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** In the supervised child: when the supervisor dies (even by SIGKILL), its IPC channel closes; so does the server. */
export function exitWithSupervisor(): void {
  if (process.send) process.once('disconnect', () => process.exit(0));
}
