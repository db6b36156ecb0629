/*
 * Hostile input, "bounded work per page": small pages that took minutes, overflowed the stack or filled the memory
 * (a 10,000-deep list in 20 KB, 1,000 nested admonitions, 3,000 `_`, a component that renders itself) are located
 * errors; pages at the limits still compile; `dev` answers readers while a page never finishes compiling.
 * Every compile here runs in a worker with bounded memory (one the pages share, which a page that stops or
 * hangs it leaves to another), every build and dev server in a process of its own,
 * with a hang guard that stops it: a broken limit fails its test instead of stopping the machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DocsItError, formatError } from '../../src/errors';
import type { CompileInput } from '../../src/markdown/compile-page';
import { pageLimits } from '../../src/markdown/page-limits';
import { interfaceTextOf } from '../../src/shared/i18n/catalogues';
import { type CompilePool, compileWorkerScript, createCompilePool } from '../../src/site/compile/compile-pool';
import { copyFixture, removeDir, repoRoot } from '../helpers';

/** The Italian site's interface, which these pages are compiled with. */
const italianText = interfaceTextOf('it');

/** Far above the second or so each check takes even on a loaded machine; only a broken limit reaches it. */
const hangGuardMs = 60_000;

function guarded<T>(what: string, promise: Promise<T>, onHang: () => void = () => undefined): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onHang();
      reject(new Error(`${what}: no answer after ${hangGuardMs / 1000} s`));
    }, hangGuardMs);
  });
  return Promise.race([promise, hang]).finally(() => clearTimeout(timer));
}

const r = (text: string, times: number) => text.repeat(times);

/** A worker limited to `memoryMb` that takes one page at a time. */
const workerOf = (memoryMb: number) =>
  createCompilePool({
    size: 1,
    eager: true,
    held: 1,
    script: compileWorkerScript(repoRoot, undefined),
    highlight: (block, inWorker) => inWorker(block),
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
  });

/**
 * The worker of 512 MB the pages share: loading the compiler in a worker costs far more than a page here. A page
 * that stops it (its stack or memory) has the pool start another; one that hangs has it replaced.
 */
let sharedWorker: CompilePool | undefined;
test.after(() => sharedWorker?.close());

/** Compiles one page in a worker limited to `memoryMb`; the page's error (formatted), or `compiled`. */
async function compileAlone(body: string, format: 'md' | 'mdx' = 'md', memoryMb = 512): Promise<string> {
  const own = memoryMb !== 512;
  if (!own) sharedWorker ??= workerOf(memoryMb);
  const pool = own ? workerOf(memoryMb) : sharedWorker!;
  const input: CompileInput = {
    file: `content/docs/ostile.${format}`,
    route: '/it/v1/ostile',
    baseUrl: '/it/',
    body,
    format,
    excerpt: false,
    tocMin: 2,
    tocMax: 3,
    fragments: {},
    text: italianText,
  };
  try {
    return await guarded(
      'compile',
      pool.compile(input).then(
        () => 'compiled',
        (error: unknown) => (error instanceof DocsItError ? formatError(error) : `crash: ${(error as Error).message}`),
      ),
      () => {
        // Its worker is still on the page: the next page gets a new one.
        if (!own) sharedWorker = undefined;
        void pool.close();
      },
    );
  } finally {
    if (own) await pool.close();
  }
}

const located = (what: string, body: string, expected: string, format: 'md' | 'mdx' = 'md') =>
  test(`${what}: ${expected}`, async () => {
    const error = await compileAlone(body, format);
    assert.ok(error.startsWith(`content/docs/ostile.${format}:${expected}`), error);
    assert.match(error, '\n  → ', 'the error says what to do');
  });

// ---- Every nesting construct: a located error, before the parser is asked. ----

located('a 20 KB page with a 10,000-deep list', `${r('- ', 10_000)}x\n`, '1:1: lists nested 10000 deep (at most 32)');
located('ordered lists on one line', `${r('1. ', 7000)}x\n`, '1:1: lists nested 7000 deep');
located('block quotes', `Testo.\n\n${r('> ', 10_000)}x\n`, '3:1: block quotes nested 10000 deep');
located('quotes and lists', `${r('> - ', 5000)}x\n`, '1:1: block quotes and lists nested 10000 deep');
located('footnote definitions', `${r('[^a]: ', 100)}x\n`, '1:1: footnote definitions nested 100 deep');
located('1,000 nested admonitions', `${r(':::note\n', 1000)}x\n${r(':::\n', 1000)}`, '33:1: admonitions nested 33');
located(
  '1,000 admonitions nested with longer fences',
  `${Array.from({ length: 1000 }, (_, i) => `${':'.repeat(1003 - i)}tip\n`).join('')}x\n`,
  '33:1: admonitions nested 33 deep',
);
located('admonitions around a list', `${r(':::note\n', 20)}${r('- ', 20)}x\n`, '21:1: lists and admonitions nested 40');
located('3,000 `_` that close emphasis', `${r('a_ ', 3000)}\n`, '1:1: 501 emphasis marks (* and _) in one paragraph');
located('3,000 `_` opening and closing', `${r('_a ', 1500)}${r('a_ ', 1500)}\n`, '1:1: 501 emphasis marks');
located('a run of 3,000 `*` on each side', `${r('*', 3000)}a${r('*', 3000)}\n`, '1:1: 3000 emphasis marks');
located('`*_` alternating', `${r('*_', 3000)}a${r('_*', 3000)}\n`, '1:1: 6000 emphasis marks');
located('emphasis over many lines of one paragraph', r('a *b*\n', 300), '251:1: 501 emphasis marks');
located('emphasis in a quote, line by line', r('> a_\n', 600), '501:1: 501 emphasis marks');
located('10,000 nested links', `${r('[', 10_000)}a${r('](b)', 10_000)}\n`, '1:1: links, images or labels nested 33');
located('5,000 nested images', `${r('![', 5000)}a${r('](b.png)', 5000)}\n`, '1:1: links, images or labels nested 33');
located('nested directive labels', `${r(':a[', 5000)}x${r(']', 5000)}\n`, '1:1: links, images or labels nested 33');
located('"]" without "["', `${r('a] ', 3000)}\n`, '1:1: 501 "]" without a "[" in one paragraph');
located('lazy lines in a list item', `- a\n${r('b\n', 2000)}`, '1002:1: 1001 lines in a row continue a list item');
located('lazy lines in a quote', `> a\n${r('b\n', 2000)}`, '1002:1: 1001 lines in a row continue');
located('10,000 nested HTML elements', `${r('<div>', 10_000)}x${r('</div>', 10_000)}\n`, '1:1: HTML or JSX elements');
located(
  'HTML elements nested over lines',
  `${r('<section>\n\n', 200)}x\n`,
  '257:1: HTML or JSX elements nested 129 deep',
);
located('10,000 nested JSX elements', `${r('<div>', 10_000)}x${r('</div>', 10_000)}\n`, '1:1: HTML or JSX', 'mdx');

// ---- What the scan before parsing cannot see: the parsed tree's depth, the page's code. ----

located(
  'a list nested 150 deep by indentation',
  Array.from({ length: 150 }, (_, i) => `${r('  ', i)}- voce\n`).join(''),
  // Two levels of the tree per list (list, item): the text of the 128th is 257 deep.
  "128:257: the page's content is nested 257 levels deep (at most 256)",
);

located(
  'a component that renders itself',
  'export const Io = () => <Io />;\n\n<Io />\n',
  // At the component's use in its own definition: the recursion.
  "1:25: the page's code created more than 50,0",
  'mdx',
);
located(
  'a component that renders itself twice',
  'export const Io = ({ n = 0 }) => <><Io n={n + 1} /><Io n={n + 1} /></>;\n\n<Io />\n',
  "1:36: the page's code created more than",
  'mdx',
);
located(
  'a function that calls itself',
  'export const giu = (n) => giu(n + 1);\n\n{giu(0)}\n',
  '1:1: the page nests too deep to compile: the stack overflowed',
  'mdx',
);

test('a page that needs more memory than its worker has fails alone, located', async () => {
  const hog = '{(() => { const tutto = []; for (;;) tutto.push({ n: tutto.length }); })()}\n';
  const error = await compileAlone(hog, 'mdx', 128);
  assert.ok(error.startsWith('content/docs/ostile.mdx:1:1: the page needed more than 128 MB of memory'), error);
});

// ---- Pages at the limits, and what only looks like nesting, still compile. ----

const compiles = (what: string, body: string, format: 'md' | 'mdx' = 'md') =>
  test(`compiles: ${what}`, async () => {
    assert.is(await compileAlone(body, format), 'compiled');
  });

compiles('lists 32 deep on one line', `${r('- ', pageLimits.blockNesting)}x\n`);
compiles('admonitions 32 deep', `${r(':::note\n', 32)}x\n${r(':::\n', 32)}`);
compiles('links nested 32 deep', `${r('[', 32)}a${r('](b)', 32)}\n`);
compiles('500 emphasis marks in a paragraph', `${r('*a* ', 250)}\n`);
compiles('1,000 lazy lines', `- a\n${r('b\n', 1000)}`);
compiles('a thematic break of 60 stars', `Testo.\n\n${r('* ', 60)}\n\nAltro.\n`);
compiles('markers inside fenced code', `\`\`\`text\n${r('> - ', 100)}\n${r('[', 100)}\n\`\`\`\n`);
compiles('fenced code in a list item', `- voce\n\n  \`\`\`md\n  ${r('> ', 100)}\n  \`\`\`\n`);
compiles('snake_case words', `${r('una_variabile_lunga ', 400)}\n`);
compiles('brackets in code spans', `${r('`a[0]` ', 600)}\n`);
compiles('many short paragraphs of emphasis', r('*a* **b** _c_\n\n', 2000));

// ---- A whole build, in a process of its own: every such page is an error at its line, and the build ends. ----

/** Runs docs-it as a process; kills it if it does not end within the hang guard. */
function withoutColourForcing(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _forced, ...rest } = env;
  return rest;
}

function docsIt(args: string[], cwd: string): { child: ChildProcess; output: () => string; exited: Promise<number> } {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docs-it.mjs'), ...args], {
    cwd,
    // The dev server without its supervisor: the process killed at the end is the one that serves.
    // Plain lines: a test runner may force colours, which would put escape sequences around the address.
    env: {
      ...withoutColourForcing(process.env),
      NO_COLOR: '1',
      CI: 'true',
      NODE_OPTIONS: '--max-old-space-size=1024',
      DOCS_IT_DEV_CHILD: '1',
    },
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (output += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (output += c));
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : 0))),
  );
  return { child, output: () => output, exited };
}

const hostilePages = {
  'content/docs/guides/lista.md': `# Lista\n\n${r('- ', 10_000)}x\n`,
  'content/docs/guides/avvisi.md': `# Avvisi\n\n${r(':::note\n', 1000)}x\n${r(':::\n', 1000)}`,
  'content/docs/guides/sottolineato.md': `# Sottolineato\n\n${r('a_ ', 3000)}\n`,
  'content/docs/guides/ricorsivo.mdx': '# Ricorsivo\n\nexport const Io = () => <Io />;\n\n<Io />\n',
};

test('build: each hostile page is an error at its line, and the build ends without writing anything', async () => {
  const dir = copyFixture('basic', hostilePages);
  try {
    const build = docsIt(['build', '--no-cache'], dir);
    const code = await guarded('build', build.exited, () => build.child.kill('SIGKILL'));
    const output = build.output();
    assert.is(code, 1, output);
    for (const expected of [
      'content/docs/guides/lista.md:3:1: lists nested 10000 deep (at most 32)',
      'content/docs/guides/avvisi.md:35:1: admonitions nested 33 deep (at most 32)',
      'content/docs/guides/sottolineato.md:3:1: 501 emphasis marks (* and _) in one paragraph (at most 500)',
      "content/docs/guides/ricorsivo.mdx:3:25: the page's code created more than",
    ])
      assert.ok(output.includes(expected), `${expected}\n${output}`);
  } finally {
    removeDir(dir);
  }
});

// ---- dev: a page that never finishes compiling holds a worker, never the server. ----

test('dev: while a page compiles for ever, other requests are answered; hostile pages show their errors', async () => {
  const dir = copyFixture('basic', {
    ...hostilePages,
    'content/docs/guides/infinito.mdx': '# Infinito\n\nexport const Gira = () => { for (;;) {} };\n\n<Gira />\n',
  });
  const dev = docsIt(['dev', '--port', '0'], dir);
  const stop = () => dev.child.kill('SIGKILL');
  const asked = new AbortController();
  try {
    const origin = await guarded(
      'dev start',
      (async () => {
        for (;;) {
          const match = / at (http:\/\/127\.0\.0\.1:\d+\/it\/)/.exec(dev.output());
          if (match) return match[1]!;
          if (dev.child.exitCode !== null) throw new Error(dev.output());
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })(),
      stop,
    );
    // Asked for and never answered: its worker loops for ever.
    void fetch(`${origin}v1/guides/infinito`, { signal: asked.signal }).catch(() => undefined);
    const get = (rel: string) =>
      guarded(
        rel,
        fetch(`${origin}${rel}`).then(async (res) => [res.status, await res.text()] as const),
        stop,
      );
    const [status, html] = await get('v1/guides/faq');
    assert.is(status, 200);
    assert.match(html, 'Perché è leggero.');
    assert.is((await get('img/logo.svg'))[0], 200);
    assert.is((await get('v1/guides/intro/primo/page-data.json'))[0], 200);
    // The hostile pages are answered too, each with its error for the overlay; the server is still alive.
    for (const page of ['lista', 'avvisi', 'sottolineato', 'ricorsivo'])
      assert.is((await get(`v1/guides/${page}`))[0], 200, page);
    const events = await guarded(
      'events',
      (async () => {
        const res = await fetch(new URL('/__docs-it/events', origin));
        const reader = res.body!.getReader();
        let text = '';
        while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
        await reader.cancel();
        return text;
      })(),
      stop,
    );
    for (const expected of [
      'content/docs/guides/lista.md:3:1',
      'lists nested 10000 deep',
      'content/docs/guides/avvisi.md:35:1',
      'content/docs/guides/sottolineato.md:3:1',
      "the page's code created more than",
    ])
      assert.ok(events.includes(expected), `${expected}\n${events}`);
    assert.is(dev.child.exitCode, null, 'dev is still running');
  } finally {
    asked.abort();
    stop();
    await dev.exited;
    removeDir(dir);
  }
});

test.run();
