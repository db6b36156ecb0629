import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { watch } from 'chokidar';
import { bundleDevClient, clientPath, createDevServer } from '../dev/dev-server';
import { DevSite } from '../dev/dev-site';
import { watchChanges } from '../dev/watch-changes';
import { countOf, type Diagnostic, DocsItError, docsItErrorsOf, errorDiagnostic } from '../errors';
import { listen } from '../serve/listen';
import { formatMs } from '../shared/format-units';
import { themeOverridesDir } from '../shared/theme-components';
import { type Reporter, silentReporter } from '../site/reporter';
import { endChildProcesses } from './child-processes';
import type { TerminalReporter } from './terminal-reporter';

export interface DevOptions {
  packageRoot: string;
  /** The bundled CLI's folder (see RunContext). */
  cliDir?: string;
  config: string;
  port: number;
  host: string;
  /** Fail when the port is taken instead of taking the next free one. */
  strictPort?: boolean;
  open: boolean;
  /** Called once listening, before anything found is reported (the command says where the site is). */
  onReady?: (ready: { url: string; port: number; startMs: number }) => void;
}

export interface RunningDev {
  url: string;
  /** The port it listens on (another than asked when that one was taken). */
  port: number;
  /** From the start to the first page ready to serve. */
  startMs: number;
  site: DevSite;
  close(): Promise<void>;
}

/** How long the background compile waits for the first page request before starting anyway. */
const firstPageWait = 1500;

/** A failure dev did not expect, shown with the site's problems: the server goes on with what it has. */
function unexpected(error: unknown): Diagnostic[] {
  const located = docsItErrorsOf(error);
  if (located.length > 0) return located.map(errorDiagnostic);
  const message = error instanceof Error ? error.message : String(error);
  return [
    errorDiagnostic(new DocsItError(message, undefined, 'The server goes on with the last state it could read.')),
  ];
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'start' : 'xdg-open';
  spawn(command, [url], { detached: true, stdio: 'ignore', shell: process.platform === 'win32' })
    .on('error', () => undefined)
    .unref();
}

/**
 * `docs-it dev` inside one process: serve from memory, watch content and client code, push reloads; what it
 * finds goes to `reporter` (and to the browser's overlay) each time it changes.
 */
export async function startDev(options: DevOptions, reporter: Reporter = silentReporter): Promise<RunningDev> {
  const started = performance.now();
  // A file the site reads now and a writer saves before the watcher is up would otherwise be missed until its
  // next save: the watcher's first scan takes those modified since. To the fraction of a millisecond, as files' times
  // are (a whole one would take a file written earlier in the same millisecond for a change). A file system's clock
  // may lag a tick behind this one, so a save in the first tick can look older; the site reads its files later.
  const changesSince = performance.timeOrigin + performance.now();
  const site = new DevSite(
    { config: options.config, packageRoot: options.packageRoot, cliDir: options.cliDir },
    `<script type="module" src="${clientPath}"></script>`,
  );
  const [devClient] = await Promise.all([bundleDevClient(options.packageRoot), site.start()]);
  const { server, reload, broadcast } = createDevServer(site, devClient, options.host);
  let listening: { origin: string; port: number };
  try {
    listening = await listen(server, options.port, options.host, { strict: options.strictPort ?? false });
  } catch (error) {
    // A busy port: nothing may stay running (the bundler's service would keep the process alive).
    await site.dispose();
    throw error;
  }
  const url = `${listening.origin}${site.config.site.baseUrl}`;
  const startMs = performance.now() - started;
  // A supervisor restarting this process after a change of docs-it's code asks for the same port again, so
  // open tabs find the new server where the old one was.
  process.send?.({ docsItDevPort: listening.port });
  options.onReady?.({ url, port: listening.port, startMs });
  reporter.diagnostics(site.diagnostics);
  if (options.open) openBrowser(url);

  // The page the writer opens comes first: a background compile started now would make it wait behind
  // another page (and the highlighter's warm-up). Start when it has been served, or after a short wait.
  const idle = new Promise<void>((resolve) => setTimeout(resolve, firstPageWait).unref());
  void Promise.race([site.firstPageServed, idle])
    .then(async () => {
      const t = performance.now();
      await site.compileEverything();
      reporter.detail(`${site.pageCount} pages compiled and their links checked in ${formatMs(performance.now() - t)}`);
      reporter.diagnostics(site.diagnostics);
    })
    .catch((error: unknown) => reporter.diagnostics([...site.diagnostics, ...unexpected(error)]));

  const { paths } = site.config;
  const watchedPaths = [
    paths.content,
    paths.configFile,
    // The site's interface strings (i18n/<locale>/code.json), read with the config.
    path.join(paths.root, 'i18n'),
    // The site's components module and its neighbours: rendered into pages and bundled for the browser.
    ...(site.config.site.components ? [path.dirname(path.resolve(paths.root, site.config.site.components))] : []),
    // The site's overrides of theme components (src/theme/<Name>.tsx).
    path.join(paths.root, themeOverridesDir),
    path.join(options.packageRoot, 'src/client'),
    path.join(options.packageRoot, 'templates/styles.css'),
    // The site's stylesheets: an edit reloads the pages with it.
    ...site.config.site.customCss.map((file) => path.resolve(paths.root, file)),
    // Those its code imports, wherever they are (their list grows with the code: see `flush`).
    ...site.codeStyles,
  ];
  // Chokidar says it is ready before it has scanned the folders when one of the paths does not exist (most sites
  // have no i18n/ or src/theme/): a save in that gap was lost. The missing ones are added once it is ready.
  const missing = watchedPaths.filter((file) => !existsSync(file));
  const watcher = watch(
    watchedPaths.filter((file) => !missing.includes(file)),
    // Links are not followed: a link to a parent folder would make the watcher walk the whole disk.
    { ignoreInitial: false, alwaysStat: true, followSymlinks: false },
  );
  const changes = watchChanges(
    changesSince,
    watchedPaths.map((file) => path.resolve(file)),
  );
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  let updates = 0;
  // Once `close` is called no change is applied: an update started later would load the config and compile into a
  // site that is going away (its cache folder written after its caller removed it).
  let closed = false;
  const flush = () => {
    const batch = [...pending];
    pending = new Set();
    running = running.then(async () => {
      if (closed) return;
      const t = performance.now();
      const id = `${site.buildId}-${++updates}`;
      try {
        // Readers reload as soon as the pages can be served; the link check's findings follow in `update`.
        const result = await site.update(batch, (paths) => reload(id, paths));
        // A stylesheet the code has just started to import: its first `add` is not a change (the update read it).
        const styles = changes.watchFrom(
          site.codeStyles.map((file) => path.resolve(file)),
          performance.timeOrigin + performance.now(),
        );
        if (styles.length > 0) watcher.add(styles);
        broadcast(result, id);
        reporter.info(
          `↻ ${batch.map((f) => path.relative(paths.root, f)).join(', ')} (${formatMs(performance.now() - t)})`,
        );
        reporter.detail(
          `${countOf(result.compiled.length, 'page')} compiled again; ` +
            (result.paths === 'all' ? 'every open page reloads' : `${countOf(result.paths.length, 'route')} to reload`),
        );
        reporter.diagnostics(result.diagnostics);
      } catch (error) {
        reporter.diagnostics([...site.diagnostics, ...unexpected(error)]);
      }
    });
  };
  watcher.on('all', (event, file, stats) => {
    if (!changes.isChange(event, path.resolve(file), stats?.mtimeMs)) return;
    pending.add(path.resolve(file));
    clearTimeout(timer);
    // Editors save in bursts (write, rename, chmod): events of one burst arrive together and are applied together;
    // a burst spread wider is applied in turns, each update reading what is on disk then.
    timer = setTimeout(flush, 1);
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  changes.scanned();
  if (missing.length > 0) watcher.add(missing);
  return {
    url,
    port: listening.port,
    startMs,
    site,
    async close() {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
      // An update under way finishes before the site is disposed (its errors are already reported in `flush`).
      await running;
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await site.dispose();
    },
  };
}

/**
 * The command: in the process started from the command line, a supervisor that runs the server in a child
 * process and restarts it when docs-it's own code changes; in that child, the server. Runs until stopped.
 */
export async function devCommand(
  options: DevOptions,
  reporter: TerminalReporter,
  role: { supervise?: { binFile: string; args: string[] } },
): Promise<never> {
  const forever = new Promise<never>(() => undefined);
  if (role.supervise) {
    superviseDev(role.supervise.binFile, role.supervise.args, options.packageRoot, reporter);
    return forever;
  }
  exitWithSupervisor();
  stopOnSignals();
  await startDev(
    {
      ...options,
      onReady: ({ url, port, startMs }) => {
        const moved = port !== options.port && options.port !== 0 ? ` (port ${options.port} is in use)` : '';
        reporter.ready(`docs-it dev: ready in ${Math.round(startMs)} ms`, url, moved);
      },
    },
    reporter,
  );
  return forever;
}

/**
 * The supervisor: templates and node-side code are bundled into the CLI, so a change there restarts the
 * dev process (the browser tabs notice the new server and reload).
 */
export function superviseDev(binFile: string, args: string[], packageRoot: string, reporter: Reporter): void {
  let child: ChildProcess | undefined;
  let restarting = false;
  // The port the server got (the next free one, when the one asked for was taken): a restart asks for it again.
  let port: number | undefined;
  const watcher = watch([path.join(packageRoot, 'templates'), path.join(packageRoot, 'src')], {
    ignoreInitial: true,
    ignored: (file) => file.includes(`${path.sep}client${path.sep}`) || file.endsWith('.css'),
  });
  const startChild = () => {
    // The IPC channel is how the child knows the supervisor is gone (see `exitWithSupervisor`).
    // A repeated option's last value wins.
    child = spawn(process.execPath, [binFile, ...args, ...(port === undefined ? [] : ['--port', String(port)])], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, DOCS_IT_DEV_CHILD: '1' },
    });
    child.on('message', (message: { docsItDevPort?: number }) => {
      if (typeof message?.docsItDevPort === 'number') port = message.docsItDevPort;
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
      reporter.info("↻ docs-it's own code changed: restarting the dev server…");
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

/**
 * Ends the server's process, esbuild's service first: a service whose host vanishes while one of its pings waits
 * for an answer dies with a Go "all goroutines are asleep - deadlock!" trace on the writer's terminal.
 */
const endServer = () => void endChildProcesses().finally(() => process.exit(0));

const supervisorGone = endServer;

/** In the server's process: asked to stop (the supervisor's SIGTERM, `kill`, Ctrl-C), it stops as `endServer` does. */
function stopOnSignals(): void {
  // Once: a second Ctrl-C while esbuild is being stopped ends the process at once.
  process.once('SIGTERM', endServer);
  process.once('SIGINT', endServer);
}

/** In the supervised child: when the supervisor dies (even by SIGKILL), its IPC channel closes; so does the server. */
export function exitWithSupervisor(): void {
  if (process.send) process.once('disconnect', supervisorGone);
}

/**
 * In the supervised child that failed: the IPC channel would keep it (and so its supervisor) waiting forever.
 * Closing it lets the process end with its exit code, which the supervisor then ends with.
 */
export function releaseSupervisor(): void {
  process.off('disconnect', supervisorGone);
  process.disconnect?.();
}
