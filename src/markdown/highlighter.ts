import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type {
  createHighlighterCore,
  HighlighterCore,
  LanguageRegistration,
  RegexEngine,
  ShikiTransformer,
  ThemeRegistration,
} from 'shiki/core';
import type { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { escapeHtml } from '../shared/escape-html';
import { digitShapes, type RawGrammar } from './digit-shapes';
import { bytesPerGeneration, rememberLineTokens } from './line-token-memo';
import { sharingScanners } from './shared-scanners';
import { blockHtml, createLineWriter } from './token-html';

type LangLoader = () => Promise<unknown>;
type Grammar = ReturnType<HighlighterCore['getLanguage']>;
type StateStack = Parameters<Grammar['tokenizeLine2']>[1];

/** Line ends as Shiki's `splitLines` splits a block (the ends kept at the odd indexes). */
const newline = /(\r?\n)/;

// Grammars are loaded on first use, so a site with only Rust and shell pays only for those.
const grammars: Record<string, LangLoader> = {
  rust: () => import('@shikijs/langs/rust'),
  toml: () => import('@shikijs/langs/toml'),
  json: () => import('@shikijs/langs/json'),
  jsonc: () => import('@shikijs/langs/jsonc'),
  typescript: () => import('@shikijs/langs/typescript'),
  tsx: () => import('@shikijs/langs/tsx'),
  shellscript: () => import('@shikijs/langs/shellscript'),
  shellsession: () => import('@shikijs/langs/shellsession'),
  powershell: () => import('@shikijs/langs/powershell'),
  bat: () => import('@shikijs/langs/bat'),
  html: () => import('@shikijs/langs/html'),
  css: () => import('@shikijs/langs/css'),
  scss: () => import('@shikijs/langs/scss'),
  yaml: () => import('@shikijs/langs/yaml'),
  xml: () => import('@shikijs/langs/xml'),
  svelte: () => import('@shikijs/langs/svelte'),
  vue: () => import('@shikijs/langs/vue'),
  diff: () => import('@shikijs/langs/diff'),
  ini: () => import('@shikijs/langs/ini'),
  dockerfile: () => import('@shikijs/langs/dockerfile'),
  nix: () => import('@shikijs/langs/nix'),
  // The languages Docusaurus's Prism highlights out of the box, and those the Docusaurus corpus writes.
  markdown: () => import('@shikijs/langs/markdown'),
  mdx: () => import('@shikijs/langs/mdx'),
  graphql: () => import('@shikijs/langs/graphql'),
  handlebars: () => import('@shikijs/langs/handlebars'),
  less: () => import('@shikijs/langs/less'),
  go: () => import('@shikijs/langs/go'),
  python: () => import('@shikijs/langs/python'),
  c: () => import('@shikijs/langs/c'),
  cpp: () => import('@shikijs/langs/cpp'),
  swift: () => import('@shikijs/langs/swift'),
  kotlin: () => import('@shikijs/langs/kotlin'),
  'objective-c': () => import('@shikijs/langs/objective-c'),
  java: () => import('@shikijs/langs/java'),
  csharp: () => import('@shikijs/langs/csharp'),
  sql: () => import('@shikijs/langs/sql'),
  make: () => import('@shikijs/langs/make'),
  json5: () => import('@shikijs/langs/json5'),
  viml: () => import('@shikijs/langs/viml'),
  scheme: () => import('@shikijs/langs/scheme'),
};

const aliases: Record<string, string> = {
  // Shiki's JavaScript grammar is generated from the TSX one (as in VS Code), so JavaScript is highlighted with
  // TSX: same colours, and a page mixing the two compiles one grammar's regular expressions instead of two.
  javascript: 'tsx',
  js: 'tsx',
  mjs: 'tsx',
  cjs: 'tsx',
  jsx: 'tsx',
  ts: 'typescript',
  sh: 'shellscript',
  bash: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  console: 'shellsession',
  ps1: 'powershell',
  cmd: 'bat',
  yml: 'yaml',
  docker: 'dockerfile',
  rs: 'rust',
  md: 'markdown',
  gql: 'graphql',
  hbs: 'handlebars',
  py: 'python',
  kt: 'kotlin',
  objc: 'objective-c',
  objectivec: 'objective-c',
  cs: 'csharp',
  makefile: 'make',
  vim: 'viml',
};

/** Languages shown without colours. */
const plainLanguages = new Set(['text', 'txt', 'plaintext', 'plain', 'output', 'log']);

/** The grammars docs-it highlights with, and how each is loaded (the engine benchmark loads them too). */
export const grammarLoaders: Readonly<Record<string, LangLoader>> = grammars;

/** Every language name a code block may use, for error hints. */
export const supportedLanguages = [...Object.keys(grammars), ...Object.keys(aliases), ...plainLanguages].sort();

/** A fenced code block to highlight: plain data, so a cache can key it. */
export interface CodeBlock {
  code: string;
  /** A grammar name from `resolveLanguage`, or null for plain text. */
  lang: string | null;
  /** Lines to mark (1-based). */
  highlightLines: number[];
  showLineNumbers: boolean;
}

export interface Highlighter {
  /** Canonical grammar name for a code-block language, `null` for plain text, `undefined` when unknown. */
  resolveLanguage(lang: string): string | null | undefined;
  /** HTML of a highlighted `<pre>`. */
  highlight(block: CodeBlock): Promise<string>;
}

/** The highlighter `createHighlighter` makes. */
export interface ShikiHighlighter extends Highlighter {
  /**
   * Loads Shiki and its engine now rather than for the first block: a worker started before its blocks are known
   * does it while it waits for them.
   */
  prepare(): void;
  /**
   * The block's HTML if `claim` says this thread may highlight it, undefined when it says no. `claim` is asked once
   * the block's grammar is ready, in the same turn as the block is then highlighted (no other block is started in
   * between): a block two threads may highlight goes to the first that starts on it (see highlight-ahead).
   */
  highlightClaimed(block: CodeBlock, claim: () => boolean): Promise<string | undefined>;
  /** Whether a block in `lang` is highlighted without a grammar to load: plain text, or a grammar loaded already. */
  hasGrammar(lang: string | null): boolean;
  /** Whether this highlighter was asked for a block in a grammar (it has loaded Shiki, or is loading it). */
  readonly started: boolean;
}

/**
 * Shiki (its core, its grammar engine and the engine's WebAssembly loader), loaded by the first block to
 * highlight: the build's thread, whose blocks a worker highlights ahead at a cold start, never compiles it.
 */
let shikiLoaded: Promise<Shiki> | undefined;
const shiki = (): Promise<Shiki> => (shikiLoaded ??= loadShiki());
interface Shiki {
  createHighlighterCore: typeof createHighlighterCore;
  createOnigurumaEngine: typeof createOnigurumaEngine;
  /** The state a block's first line is read in. */
  initial: StateStack;
  theme: ThemeRegistration;
}
async function loadShiki(): Promise<Shiki> {
  const [core, oniguruma, textmate] = await Promise.all([
    import('shiki/core'),
    import('shiki/engine/oniguruma'),
    import('shiki/textmate'),
  ]);
  return {
    createHighlighterCore: core.createHighlighterCore,
    createOnigurumaEngine: oniguruma.createOnigurumaEngine,
    initial: textmate.INITIAL,
    /**
     * One theme whose colours are CSS variables (`--shiki-token-keyword` …): the stylesheet gives them light and
     * dark values. Two real themes would tokenize every block twice; this tokenizes it once.
     */
    theme: core.createCssVariablesTheme({ name: 'docs-it', variablePrefix: '--shiki-', fontStyle: true }),
  };
}

/**
 * The bytes of Shiki's WebAssembly build of Oniguruma, the file Shiki ships (`shiki/onig.wasm`). Not `shiki/wasm`,
 * the same bytes inlined gzipped in a module: it unpacks them through `Response`, whose first use loads Node's
 * whole fetch client (undici, http, http2, tls) in every thread that highlights, and the module is a 600 kB
 * string for each thread to compile.
 */
const onigWasm = (): Promise<Uint8Array> => readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'));

/** Node's WebAssembly, which the ES library's types (this project's) do not declare as a value. */
const webAssembly = (
  globalThis as unknown as {
    WebAssembly: {
      instantiate(bytes: Uint8Array, imports: unknown): Promise<{ instance: object }>;
    };
  }
).WebAssembly;

export interface HighlighterOptions {
  /** Shiki's WebAssembly build of Oniguruma, its bytes (a test gives one that cannot load). */
  wasm?: () => Promise<Uint8Array>;
  /**
   * True: Shiki as it ships, every block's HTML its `codeToHtml` (a tree of the block, serialized) with a scanner
   * compiled for each grammar rule and every line read. By default the HTML is written from the grammar's tokens
   * directly (`createLineWriter`), rules with the same patterns share a scanner (`sharingScanners`) and lines read
   * already are remembered (`rememberLineTokens`): the same bytes, which the tests check against this.
   */
  asShipped?: boolean;
  /** Told, once, that the WebAssembly engine could not load and the JavaScript one highlights instead. */
  warn?: (message: string) => void;
}

/** A highlighter whose light and dark colours are CSS variables set by the stylesheet. */
export function createHighlighter(options: HighlighterOptions = {}): ShikiHighlighter {
  const { wasm = onigWasm, warn, asShipped = false } = options;
  const loaded = new Map<string, Promise<HighlighterCore>>();
  /** The languages whose grammar is loaded (`ready` settled for them). */
  const grammarsLoaded = new Set<string>();
  const remembering = new WeakSet<object>();
  const forgetters: (() => void)[] = [];
  /** Every grammar loaded, with those it brought (embedded languages): what `digitShapes` reads. */
  const loadedGrammars: RawGrammar[] = [];
  /** The state a block's first line is read in, Shiki's own once it is loaded. */
  let initialState: StateStack | undefined;
  // WASM for every grammar: the JavaScript engine is faster on a few alone, but its start costs a build more than
  // they save (docs/measurements.md, `npm run bench:shiki`). Where WebAssembly cannot load (a runtime without it, a
  // damaged install), the JavaScript engine, which gives the same HTML on the grammars measured. An instantiator,
  // which Shiki calls without testing its input for a `Response` (see `onigWasm`). One engine for every core (see
  // `coreFor`): rules with the same patterns share a scanner across them too.
  let engine: Promise<RegexEngine> | undefined;
  const getEngine = (): Promise<RegexEngine> =>
    (engine ??= shiki()
      .then(({ createOnigurumaEngine }) =>
        createOnigurumaEngine({
          instantiator: async (imports) => (await webAssembly.instantiate(await wasm(), imports)).instance,
        }),
      )
      .catch(async (error: unknown) => {
        warn?.(
          `the WebAssembly engine of the code highlighter could not load (${(error as Error)?.message ?? error}): ` +
            'code blocks are highlighted with its JavaScript engine',
        );
        const { createJavaScriptRegexEngine } = await import('shiki/engine/javascript');
        // Forgiving: a pattern it cannot translate matches nothing, where it would otherwise fail the block.
        return createJavaScriptRegexEngine({ forgiving: true });
      })
      .then((made) => (asShipped ? made : sharingScanners(made))));
  const newCore = async (): Promise<HighlighterCore> => {
    const { createHighlighterCore, theme, initial } = await shiki();
    initialState = initial;
    return createHighlighterCore({ themes: [theme], langs: [], engine: await getEngine() });
  };
  let shared: Promise<HighlighterCore> | undefined;
  const sharedCore = (): Promise<HighlighterCore> => (shared ??= newCore());
  /**
   * The core a language's grammar is loaded into (`registrations`: its module's). A grammar that embeds others
   * lazily (Markdown's fenced code, Vue's and Svelte's blocks: Shiki highlights them with a language only if it is
   * loaded) or whose module injects rules into grammars outside it (Nix's into Markdown) would make a block's HTML
   * depend on which languages the pages highlighted before it, in this thread: two builds of one page (cold and
   * warm, or in another worker) could differ. Such a grammar is loaded alone, into a core of its own, and reads
   * only what it brings; the others share one core, where no grammar changes another.
   */
  const coreFor = (registrations: readonly LanguageRegistration[]): Promise<HighlighterCore> => {
    const own = new Set(registrations.map((r) => r.scopeName));
    const isolated = registrations.some(
      (r) =>
        (r.embeddedLangsLazy?.length ?? 0) > 0 ||
        (r.injectTo ?? []).some((scope) => ![...own].some((s) => s === scope || s.startsWith(`${scope}.`))),
    );
    return isolated ? newCore() : sharedCore();
  };

  const resolveLanguage = (lang: string): string | null | undefined => {
    const lower = lang.toLowerCase();
    if (plainLanguages.has(lower)) return null;
    const name = aliases[lower] ?? lower;
    return name in grammars ? name : undefined;
  };

  const transformerFor = (block: CodeBlock): ShikiTransformer => {
    const marked = new Set(block.highlightLines);
    return {
      pre(node) {
        node.properties.class = `shiki${block.showLineNumbers ? ' line-numbers' : ''}`;
        delete node.properties.style;
      },
      line(node, line) {
        if (marked.has(line)) this.addClassToHast(node, 'highlighted');
      },
    };
  };
  /** The core holding `lang`'s grammar, loaded on first use (see `coreFor`). */
  const ready = (lang: string): Promise<HighlighterCore> => {
    let loading = loaded.get(lang);
    if (!loading) {
      loading = grammars[lang]!().then(async (mod) => {
        const registrations = (mod as { default: LanguageRegistration[] }).default;
        const highlighter = await coreFor(registrations);
        loadedGrammars.push(...(registrations as unknown as RawGrammar[]));
        await highlighter.loadLanguage(registrations);
        // A grammar loaded may inject rules into those loaded before: the lines they read are read again.
        for (const forget of forgetters) forget();
        grammarsLoaded.add(lang);
        return highlighter;
      });
      loaded.set(lang, loading);
    }
    return loading;
  };

  /**
   * The HTML of each line of a block, as Shiki's `codeToTokens` reads them (`splitLines`; an empty line is not
   * read and leaves the state as it was) but without its token objects: the grammar's binary tokens are written
   * directly. A line read again gives the same tokens (`rememberLineTokens`), so its HTML is written once.
   */
  const writers = new WeakMap<HighlighterCore, (line: string, tokens: Uint32Array) => string>();
  /** The HTML of the line last written with these tokens (lines of one shape share their tokens). */
  const lineHtml = new WeakMap<Uint32Array, { line: string; html: string }>();
  const linesHtml = (highlighter: HighlighterCore, grammar: Grammar, initial: StateStack, code: string): string[] => {
    let writeLine = writers.get(highlighter);
    if (!writeLine) {
      // The theme sets the colour ids the grammar's tokens carry: set in each core before its first line is read,
      // never changed.
      const { theme, colorMap } = highlighter.setTheme('docs-it');
      const replacements = theme.colorReplacements ?? {};
      writeLine = createLineWriter(colorMap.map((color) => (color && replacements[color.toLowerCase()]) || color));
      writers.set(highlighter, writeLine);
    }
    const html: string[] = [];
    let state = initial;
    const parts = code.split(newline);
    for (let i = 0; i < parts.length; i += 2) {
      const line = parts[i]!;
      if (line === '') {
        html.push('');
        continue;
      }
      const result = grammar.tokenizeLine2(line, state, 0);
      let written = lineHtml.get(result.tokens);
      if (written?.line !== line) {
        written = { line, html: writeLine(line, result.tokens) };
        lineHtml.set(result.tokens, written);
      }
      html.push(written.html);
      state = result.ruleStack;
    }
    return html;
  };

  return {
    resolveLanguage,
    prepare() {
      // A failure here is the first block's to meet: it asks for the same promise.
      sharedCore().catch(() => undefined);
    },
    highlight: (block) => highlightOnce(block, undefined) as Promise<string>,
    highlightClaimed: highlightOnce,
    hasGrammar: (lang) => lang === null || grammarsLoaded.has(lang),
    get started() {
      return loaded.size > 0;
    },
  };

  /** The block's HTML; undefined when `claim`, asked just before the work starts, says no. */
  async function highlightOnce(block: CodeBlock, claim: (() => boolean) | undefined): Promise<string | undefined> {
    if (block.lang === null) {
      if (claim && !claim()) return undefined;
      const marked = new Set(block.highlightLines);
      const lines = block.code
        .split('\n')
        .map((line, i) => `<span class="line${marked.has(i + 1) ? ' highlighted' : ''}">${escapeHtml(line)}</span>`);
      const preClass = `shiki${block.showLineNumbers ? ' line-numbers' : ''} plain`;
      return `<pre class="${preClass}" tabindex="0"><code>${lines.join('\n')}</code></pre>`;
    }
    const highlighter = await ready(block.lang);
    if (claim && !claim()) return undefined;
    const grammar = highlighter.getLanguage(block.lang);
    // As shipped, every line is read: the reference the tests hold the memory and its shapes to.
    if (!asShipped && !remembering.has(grammar)) {
      remembering.add(grammar);
      const lang = block.lang;
      const scope = () => loadedGrammars.find((raw) => raw.name === lang)?.scopeName;
      forgetters.push(
        rememberLineTokens(grammar, bytesPerGeneration, () => {
          const scopeName = scope();
          return scopeName === undefined ? null : digitShapes(loadedGrammars, scopeName);
        }),
      );
    }
    // A NUL, which Shiki's tree and serializer treat in ways of their own, takes Shiki's path.
    if (!asShipped && initialState && !block.code.includes('\0'))
      return blockHtml(linesHtml(highlighter, grammar, initialState, block.code), block);
    return highlighter.codeToHtml(block.code, {
      lang: block.lang,
      theme: 'docs-it',
      // No time limit per line (Shiki's default is 500 ms): on a busy machine a long line would be left
      // unhighlighted, and the same input must give the same page whatever the load.
      tokenizeTimeLimit: 0,
      transformers: [transformerFor(block)],
    });
  }
}
