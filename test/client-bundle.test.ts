import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin, type PluginBuild } from 'esbuild';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseHeadersFile } from '../src/serve/static-server';
import { bundleClient, bundleOptions, type ClientBundle, rebasedBundle } from '../src/site/bundle/bundle-client';
import { renderHeadersFile } from '../src/site/files/headers';
import { precachedType } from '../src/site/files/site-files';
import { clientConfigFor, fixture, repoRoot } from './helpers';

const config = path.join(fixture('basic'), 'site.config.ts');
const decoder = new TextDecoder();

async function bundle(siteTitle?: string, components?: { siteRoot: string; file: string }): Promise<ClientBundle> {
  const clientConfig = await clientConfigFor(config);
  return bundleClient({
    packageRoot: repoRoot,
    baseUrl: '/it/',
    mode: 'production',
    clientConfig: siteTitle ? { ...clientConfig, siteTitle } : clientConfig,
    siteRoot: components?.siteRoot ?? fixture('basic'),
    staticDir: path.join(components?.siteRoot ?? fixture('basic'), 'content/static'),
    components: components?.file,
  });
}

/** The sources a JavaScript output is made of, from its source map (packages by name). */
function sourcesOf(result: ClientBundle, file: string): string[] {
  const map = result.files.find((f) => f.path === `${file}.map`);
  assert.ok(map, `${file} has a source map`);
  const { sources } = JSON.parse(decoder.decode(map.contents)) as { sources: string[] };
  return sources.map((s) => s.replace(/^.*node_modules\//, 'node_modules/'));
}

/** The config script (`withClientConfig`): made by docs-it, not esbuild, and without a source map. */
const isConfigScript = (file: string) => /\/config\.[^/]+\.js$/.test(file);
const scripts = (result: ClientBundle) =>
  result.files.filter((f) => f.path.endsWith('.js') && !isConfigScript(f.path)).map((f) => f.path);
const appOf = (result: ClientBundle) => result.js.find((url) => /\/app\.[^/]+\.js$/.test(url))!.slice(1);
const isReact = (source: string) => /^node_modules\/(react|react-dom|scheduler)\//.test(source);
/** The chunks holding React's runtime: every source of theirs is React's. */
const reactChunks = (result: ClientBundle) =>
  scripts(result).filter((file) => {
    const sources = sourcesOf(result, file).filter((s) => !s.startsWith('<'));
    return sources.length > 0 && sources.every(isReact);
  });

let first: ClientBundle;
test.before(async () => {
  first = await bundle();
});

test('the browser runs React: react-dom/client in a chunk of its own that the app imports, no other runtime', () => {
  const all = scripts(first).flatMap((file) => sourcesOf(first, file));
  assert.not.ok(
    all.some((s) => /preact/.test(s)),
    'no preact in the bundle',
  );
  assert.ok(all.includes('node_modules/react-dom/cjs/react-dom-client.production.js'), 'production build of React');
  const runtime = reactChunks(first);
  assert.equal(runtime.length, 1, 'one chunk holds React, and nothing else');
  const app = appOf(first);
  assert.not.ok(sourcesOf(first, app).some(isReact), 'the app chunk holds none of React');
  const appCode = decoder.decode(first.files.find((f) => f.path === app)!.contents);
  assert.ok(appCode.includes(`/${path.posix.basename(runtime[0]!)}`), 'the app imports the runtime chunk');
  assert.not.ok(
    first.files.some((f) => /\/react-runtime\./.test(f.path)),
    'the entry that splits React off is not published',
  );
});

/** A bundle with the site's components module `code`, in a folder of its own outside the repository. */
async function withComponents(code: string): Promise<ClientBundle> {
  // Outside the repository: no node_modules with React in this folder or above it.
  const siteRoot = mkdtempSync(path.join(os.tmpdir(), 'docs-it-one-react-'));
  try {
    const file = path.join(siteRoot, 'components.tsx');
    writeFileSync(file, code);
    return await bundle(undefined, { siteRoot, file });
  } finally {
    rmSync(siteRoot, { recursive: true, force: true });
  }
}

const counter =
  "import { useState } from 'react';\n" +
  'export function Counter() {\n  const [n, setN] = useState(0);\n' +
  '  return <button type="button" onClick={() => setN(n + 1)}>{n}</button>;\n}\n';

test("React's chunk keeps its name when the app changes, is precached and served as immutable", async () => {
  const one = await withComponents(counter);
  const other = await withComponents(counter.replace('n + 1', 'n + 2'));
  assert.is.not(appOf(other), appOf(one), 'the app chunk changed');
  assert.equal(reactChunks(other), reactChunks(one), "React's chunk did not");
  const runtime = reactChunks(first)[0]!;
  // What the site's file list precaches: a file of its type, not one of the chunks loaded on demand.
  assert.ok(precachedType(runtime) && !first.onDemand.has(runtime), 'in the offline precache');
  const headers = renderHeadersFile("default-src 'self'", '/it/');
  const block = headers.slice(headers.indexOf('/it/assets/*'));
  assert.match(block, /^\/it\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
  assert.ok(runtime.startsWith('it/assets/'), 'under the immutable folder');
  // docs-it serve reads only the block for every path.
  assert.not.ok('Cache-Control' in parseHeadersFile(headers));
});

test('no code of the site: one bundle for every config and base URL, the config in a script run first', async () => {
  // A quote and a backslash: the script's string literal escapes them.
  const title = "L'altro titolo \\ nuovo";
  const other = await bundle(title);
  const rootBundle = await bundleClient({
    packageRoot: repoRoot,
    baseUrl: '/',
    mode: 'production',
    clientConfig: await clientConfigFor(config),
    siteRoot: fixture('basic'),
    staticDir: path.join(fixture('basic'), 'content/static'),
  });
  const code = (b: ClientBundle, at: string) =>
    b.files
      .filter((f) => !isConfigScript(f.path))
      .map((f) => `${f.path.slice(at.length)} ${decoder.decode(f.contents)}`)
      .sort();
  assert.equal(code(other, 'it/'), code(first, 'it/'), 'the same files whatever the title');
  assert.equal(code(rootBundle, ''), code(first, 'it/'), 'and whatever the base URL');
  // What a build does with the bundle made once for `/` (see prebuilt-client-bundle.ts).
  const moved = rebasedBundle(
    { ...rootBundle, files: rootBundle.files.filter((f) => !isConfigScript(f.path)), js: rootBundle.js.slice(1) },
    '/it/',
  );
  assert.equal(code(moved, ''), code(first, ''), 'moved under /it/, the files of a bundle made for /it/');
  assert.equal([moved.css, moved.js], [first.css, first.js.slice(1)]);
  assert.equal(moved.onDemand, first.onDemand);
  // The page runs the config script first: it sets what the app reads.
  const [configUrl, appUrl] = other.js;
  assert.match(configUrl!, /^\/it\/assets\/config\.[0-9A-F]{8}\.js$/);
  assert.is(appUrl, `/${appOf(other)}`);
  const script = decoder.decode(other.files.find((f) => `/${f.path}` === configUrl)!.contents);
  const scope: { __docsItConfig?: string } = {};
  new Function('globalThis', script)(scope);
  assert.is((JSON.parse(scope.__docsItConfig!) as { siteTitle: string }).siteTitle, title);
  assert.is.not(first.js[0], configUrl, "the config script's name changes with the config");
  assert.not.ok(
    code(other, 'it/').some((c) => c.includes(title)),
    'no file of the bundle holds it',
  );
});

test("a site's components get docs-it's React, installed or not in the site's folder", async () => {
  const result = await withComponents(counter);
  const copies = scripts(result)
    .flatMap((f) => sourcesOf(result, f))
    .filter((s) => s.endsWith('react-dom-client.production.js') || s.endsWith('react.production.js'));
  assert.equal(copies.length, 2, 'one react and one react-dom/client');
  assert.ok(
    scripts(result).some((f) => sourcesOf(result, f).some((s) => s.endsWith('components.tsx'))),
    "the site's component is bundled",
  );
});

/** A plugin as it was, with every call esbuild makes into it and every resolution it asks for recorded. */
function watched(plugin: Plugin, calls: string[]): Plugin {
  return {
    name: plugin.name,
    setup(b) {
      const builder: PluginBuild = {
        ...b,
        onResolve: (options, callback) =>
          b.onResolve(options, (args) => {
            calls.push(`${plugin.name} ${String(options.filter)} ${args.path}`);
            return callback(args);
          }),
        resolve: (what, options) => {
          calls.push(`${plugin.name} resolves ${what} (${options?.kind})`);
          return b.resolve(what, options);
        },
      };
      return plugin.setup(builder);
    },
  };
}

test("bundling asks Node for no relative import and resolves each of React's modules once", async () => {
  const options = bundleOptions({
    packageRoot: repoRoot,
    baseUrl: '/it/',
    mode: 'production',
    clientConfig: await clientConfigFor(config),
    siteRoot: fixture('basic'),
    staticDir: path.join(fixture('basic'), 'content/static'),
  });
  const calls: string[] = [];
  const result = await build({ ...options, plugins: options.plugins?.map((p) => watched(p, calls)) });
  assert.ok(result.outputFiles.length > 0);
  // Each call is a round trip between esbuild's process and this one: React alone has hundreds of imports.
  const relative = calls.filter((c) => c.startsWith('docs-it-css-imports ') && / \.\.?\//.test(c));
  assert.equal(relative, [], "no relative import reaches the resolver of packages' stylesheets");
  const reactResolutions = calls.filter((c) => /^docs-it-site-code resolves (react|react-dom|scheduler)/.test(c));
  assert.ok(reactResolutions.length > 0, "React's modules are resolved from docs-it's folder");
  assert.equal(reactResolutions.length, new Set(reactResolutions).size, 'each once for each kind of import');
});

test.run();
