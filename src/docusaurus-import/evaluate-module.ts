import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Loader, type Plugin } from 'esbuild';
import { bundlerErrors, DocsItError } from '../errors';

/**
 * A value of a Docusaurus config as it crosses from the evaluating process: JSON, with each function replaced by
 * `{ $function: name }` (a plugin written inline, an `editUrl` callback) so the importer can name what it leaves.
 */
export type PlainValue = null | boolean | number | string | PlainValue[] | { [key: string]: PlainValue };

/** The marker a function of the config becomes. */
export const functionMarker = '$function';
/** Beside it, the function's source text. */
const sourceMarker = '$source';

/** The name of a function marker, or undefined for any other value. */
export function functionName(value: PlainValue | undefined): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const name = value[functionMarker];
  return typeof name === 'string' ? name : undefined;
}

/** The source text of a function marker, or undefined for any other value. */
export function functionSource(value: PlainValue | undefined): string | undefined {
  if (functionName(value) === undefined) return undefined;
  const source = (value as { [key: string]: PlainValue })[sourceMarker];
  return typeof source === 'string' ? source : undefined;
}

/**
 * Runs in the child: compiles the bundled module as if it were the site's own file (so `require.resolve('./x')`,
 * `__dirname` and packages resolve from the site), awaits it (a config may export an async function), and sends
 * back a plain copy.
 */
const childScript = `
const Module = require('node:module');
const path = require('node:path');
process.setSourceMapsEnabled(true);
function plain(value, seen) {
  if (typeof value === 'function')
    return {
      ${JSON.stringify(functionMarker)}: value.name || '(anonymous)',
      ${JSON.stringify(sourceMarker)}: String(value),
    };
  if (value === null || typeof value !== 'object') {
    return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : null;
  }
  if (value instanceof RegExp) return String(value);
  if (seen.has(value)) return null;
  seen.add(value);
  const out = Array.isArray(value)
    ? value.map((v) => plain(v, seen))
    : Object.fromEntries(
        Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, plain(v, seen)]),
      );
  seen.delete(value);
  return out;
}
process.on('message', async ({ code, file }) => {
  let reply;
  try {
    const m = new Module(file, null);
    m.filename = file;
    m.paths = Module._nodeModulePaths(path.dirname(file));
    m._compile(code, file);
    let value = m.exports && m.exports.__esModule && 'default' in m.exports ? m.exports.default : m.exports;
    if (typeof value === 'function') value = await value();
    reply = { ok: true, value: plain(await value, new Set()) };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    reply = { ok: false, message: e.message, code: e.code, stack: String(e.stack) };
  }
  process.send(reply, () => process.exit(0));
});
`;

type ChildReply =
  | { ok: true; value: PlainValue }
  | { ok: false; message: string; code?: string; stack: string }
  | { ok: false; exited: string };

/** A module's exported value, and the site's own files it loaded (itself first), as absolute paths. */
export interface EvaluatedModule {
  value: PlainValue;
  files: string[];
}

/** The longest a module may take to load before the importer gives up on it (a hang guard, not a budget). */
const loadGuardMs = 120_000;

/**
 * Bundles a site module of the Docusaurus site (its config, its sidebars) and evaluates it in a child process
 * that may read files but not write them nor start processes (Node's permission model), so evaluating it cannot
 * change the site. Relative imports are bundled (a TypeScript config works too), packages stay imports resolved
 * from the site; a package that is not installed, a syntax error, a throw while loading and a side effect are
 * located errors at the file's line with what to do.
 */
export async function evaluateSiteModule(file: string, siteDir: string): Promise<EvaluatedModule> {
  const rel = path.relative(siteDir, file).split(path.sep).join('/');
  // A JSON file (`sidebars.json`) is data: read, not run.
  if (file.endsWith('.json')) {
    try {
      return { value: JSON.parse(await readFile(file, 'utf8')) as PlainValue, files: [file] };
    } catch (error) {
      throw new DocsItError(
        `this file is not valid JSON: ${(error as Error).message}`,
        { file: rel },
        'Fix the JSON so that Docusaurus itself could read it, then import again.',
      );
    }
  }
  const { code, files } = await bundle(file, siteDir, rel);
  const reply = await runChild(code, file);
  if (reply.ok) return { value: reply.value, files };
  if ('exited' in reply) {
    throw new DocsItError(
      `evaluating this file ${reply.exited}`,
      { file: rel },
      'docs-it reads the values this file exports; remove what ends or blocks the process while it loads.',
    );
  }
  const where = siteLineOf(reply.stack, siteDir);
  const location = where ?? { file: rel };
  if (reply.code === 'ERR_ACCESS_DENIED') {
    throw new DocsItError(
      'this file writes files or starts processes while it loads, which the import does not allow ' +
        `(${reply.message})`,
      location,
      'The import never changes the source site: move that work into a plugin (run by Docusaurus at build ' +
        'time), or guard it, then import again.',
    );
  }
  if (reply.code === 'MODULE_NOT_FOUND' || reply.code === 'ERR_MODULE_NOT_FOUND') {
    const name = /Cannot find (?:module|package) '([^']+)'/.exec(reply.message)?.[1];
    const bare = name !== undefined && !name.startsWith('.') && !path.isAbsolute(name);
    throw new DocsItError(
      bare
        ? `the package "${name}" is not installed in the site`
        : `a module it loads cannot be found: ${firstLine(reply.message)}`,
      location,
      'Install the site’s dependencies (npm install in the site folder), then import again.',
    );
  }
  throw new DocsItError(
    `this file throws while it loads: ${firstLine(reply.message)}`,
    location,
    'Fix the error so that the file loads with Node.js (node -e "require(\'./' +
      rel +
      '\')" shows it), ' +
      'then import again.',
  );
}

const firstLine = (text: string) => text.split('\n')[0] ?? '';

/** The first frame of a stack that is a file of the site (source-mapped to its own line), relative to it. */
function siteLineOf(stack: string, siteDir: string): { file: string; line: number; column: number } | undefined {
  for (const match of stack.matchAll(/\(?((?:file:\/\/)?\/[^():\s]+):(\d+):(\d+)\)?/g)) {
    const file = match[1]!.replace(/^file:\/\//, '');
    const rel = path.relative(siteDir, file);
    if (rel.startsWith('..') || path.isAbsolute(rel) || rel.split(path.sep).includes('node_modules')) continue;
    return { file: rel.split(path.sep).join('/'), line: Number(match[2]), column: Number(match[3]) };
  }
  return undefined;
}

/** TypeScript as TypeScript; JavaScript as JSX, its superset (what Docusaurus's loader takes in a site's files). */
const loaderOf = (file: string): Loader => (/\.[cm]?ts$/.test(file) ? 'ts' : /\.tsx$/.test(file) ? 'tsx' : 'jsx');

/**
 * `import.meta.url`, `import.meta.dirname` and `import.meta.filename` of each bundled file as that file's own
 * (an ES module config reads `new URL('../package.json', import.meta.url)`, `createRequire(import.meta.url)`):
 * the bundle is CommonJS, where `import.meta` is empty, and one bundle holds several files.
 */
const importMetaOfEachFile: Plugin = {
  name: 'import-meta-of-each-file',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      const values = {
        url: pathToFileURL(args.path).href,
        dirname: path.dirname(args.path),
        filename: args.path,
      };
      const contents = text.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, key: keyof typeof values) =>
        JSON.stringify(values[key]),
      );
      return { contents, loader: loaderOf(args.path) };
    });
  },
};

async function bundle(file: string, siteDir: string, rel: string): Promise<{ code: string; files: string[] }> {
  try {
    const result = await build({
      entryPoints: [file],
      absWorkingDir: siteDir,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      sourcemap: 'inline',
      // Packages are loaded by the child from the site's node_modules, and only when the code runs: a package
      // required inside a plugin's function, which Docusaurus calls at build time, is never needed here.
      packages: 'external',
      plugins: [importMetaOfEachFile],
      metafile: true,
    });
    const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(siteDir, input));
    const files = [file, ...inputs.filter((input) => input !== file)];
    return { code: result.outputFiles[0]!.text, files };
  } catch (error) {
    throw bundlerErrors(error, {
      hint: 'Fix the syntax or the import path so that Docusaurus itself could load the file, then import again.',
      fallback: { file: rel },
      fileOf: (file) => file.split(path.sep).join('/'),
    });
  }
}

/** Node's permission model: `--experimental-permission` until Node 23.5 named it `--permission`. */
const permissionFlag = (() => {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 23 || (major === 23 && minor >= 5) ? '--permission' : '--experimental-permission';
})();

/** Evaluates the bundled code in a child process that may read the disk and nothing more. */
function runChild(code: string, file: string): Promise<ChildReply> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [permissionFlag, '--allow-fs-read=*', '--no-warnings', '-e', childScript], {
      cwd: path.dirname(file),
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    let reply: ChildReply | undefined;
    const guard = setTimeout(() => {
      reply = { ok: false, exited: `did not finish in ${loadGuardMs / 1000} s` };
      child.kill('SIGKILL');
    }, loadGuardMs);
    child.on('message', (message: ChildReply) => {
      reply ??= message;
    });
    child.on('error', (error) => {
      reply ??= { ok: false, exited: `could not start Node.js (${error.message})` };
    });
    child.on('close', (exitCode) => {
      clearTimeout(guard);
      const last = stderr.trim().split('\n').pop();
      resolve(reply ?? { ok: false, exited: `ended the process (exit code ${exitCode})${last ? `: ${last}` : ''}` });
    });
    child.send({ code, file });
  });
}
