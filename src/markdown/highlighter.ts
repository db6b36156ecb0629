import type { Root as HastRoot } from 'hast';
import {
  createCssVariablesTheme,
  createHighlighterCore,
  type HighlighterCore,
  type ShikiTransformer,
} from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import type { BlockStore } from './highlight-store';

type LangLoader = () => Promise<unknown>;

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
};

/** Highlighted blocks kept for reuse. */
const maxCachedBlocks = 2000;

/** Languages shown without colours. */
const plainLanguages = new Set(['text', 'txt', 'plaintext', 'plain', 'output', 'log']);

/** Every language name a code block may use, for error hints. */
export const supportedLanguages = [...Object.keys(grammars), ...Object.keys(aliases), ...plainLanguages].sort();

export interface HighlightOptions {
  highlightLines: Set<number>;
  showLineNumbers: boolean;
}

export interface Highlighter {
  /** Canonical grammar name for a code-block language, `null` for plain text, `undefined` when unknown. */
  resolveLanguage(lang: string): string | null | undefined;
  /** HTML of a highlighted `<pre>`; identical inputs are highlighted once. */
  highlight(code: string, lang: string | null, options: HighlightOptions): Promise<string>;
  /** The same `<pre>` as a hast tree, for MDX (whose compiler cannot take raw HTML). */
  highlightHast(code: string, lang: string | null, options: HighlightOptions): Promise<HastRoot>;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * One theme whose colours are CSS variables (`--shiki-token-keyword` …): the stylesheet gives them light and
 * dark values. Two real themes would tokenize every block twice; this tokenizes it once.
 */
const cssVariablesTheme = createCssVariablesTheme({ name: 'docs-it', variablePrefix: '--shiki-', fontStyle: true });
// Taken now: Shiki adds normalised fields to the theme object once it is used.
const themeFingerprint = JSON.stringify(cssVariablesTheme);

/**
 * What decides a highlighted block besides its input: this highlighter's code and settings (the grammar and
 * Shiki versions are in the lock file, which callers add).
 */
export function highlighterFingerprint(): string {
  return [
    createHighlighter.toString(),
    escapeHtml.toString(),
    themeFingerprint,
    JSON.stringify(aliases),
    [...plainLanguages].join(),
    Object.keys(grammars).join(),
  ].join('\0');
}

/**
 * A highlighter whose light and dark colours are CSS variables set by the stylesheet; `store` keeps blocks
 * across builds.
 */
export function createHighlighter(store?: BlockStore): Highlighter {
  let core: Promise<HighlighterCore> | undefined;
  const loaded = new Map<string, Promise<void>>();
  const cache = new Map<string, string>();
  const getCore = () =>
    (core ??= createHighlighterCore({
      themes: [cssVariablesTheme],
      langs: [],
      // The WASM engine measured faster than the JavaScript ones on this site's TypeScript-heavy code (2.8 s
      // against 3.3 s for the regex engine and 3.6 s for precompiled grammars, all blocks, first use).
      engine: createOnigurumaEngine(import('shiki/wasm')),
    }));

  const resolveLanguage = (lang: string): string | null | undefined => {
    const lower = lang.toLowerCase();
    if (plainLanguages.has(lower)) return null;
    const name = aliases[lower] ?? lower;
    return name in grammars ? name : undefined;
  };

  const transformerFor = (options: HighlightOptions): ShikiTransformer => {
    const preClass = `shiki${options.showLineNumbers ? ' line-numbers' : ''}`;
    return {
      pre(node) {
        node.properties.class = preClass;
        delete node.properties.style;
      },
      line(node, line) {
        if (options.highlightLines.has(line)) this.addClassToHast(node, 'highlighted');
      },
    };
  };
  const ready = async (lang: string) => {
    const highlighter = await getCore();
    let loading = loaded.get(lang);
    if (!loading) {
      loading = grammars[lang]!().then((mod) =>
        highlighter.loadLanguage((mod as { default: Parameters<HighlighterCore['loadLanguage']>[0] }).default),
      );
      loaded.set(lang, loading);
    }
    await loading;
    return highlighter;
  };

  return {
    resolveLanguage,
    async highlightHast(code, lang, options) {
      if (lang === null) {
        const lines = code.split('\n').map((line, i) => ({
          type: 'element' as const,
          tagName: 'span',
          properties: { className: options.highlightLines.has(i + 1) ? ['line', 'highlighted'] : ['line'] },
          children: [{ type: 'text' as const, value: line }],
        }));
        const children = lines.flatMap((line, i) =>
          i === 0 ? [line] : [{ type: 'text' as const, value: '\n' }, line],
        );
        return {
          type: 'root',
          children: [
            {
              type: 'element',
              tagName: 'pre',
              properties: {
                className: ['shiki', ...(options.showLineNumbers ? ['line-numbers'] : []), 'plain'],
                tabIndex: 0,
              },
              children: [{ type: 'element', tagName: 'code', properties: {}, children }],
            },
          ],
        };
      }
      const highlighter = await ready(lang);
      return highlighter.codeToHast(code, {
        lang,
        theme: 'docs-it',
        transformers: [transformerFor(options)],
      }) as HastRoot;
    },
    async highlight(code, lang, options) {
      const key = `${lang}\0${options.showLineNumbers ? 1 : 0}\0${[...options.highlightLines].join(',')}\0${code}`;
      const remember = (html: string) => {
        cache.set(key, html);
        // Repeated snippets (install commands, config stubs) are what the cache is for; on a site of thousands
        // of pages keeping every block would hold tens of megabytes for nothing. Maps iterate oldest first.
        if (cache.size > maxCachedBlocks) cache.delete(cache.keys().next().value!);
        return html;
      };
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const preClass = `shiki${options.showLineNumbers ? ' line-numbers' : ''}`;
      if (lang === null) {
        const lines = code
          .split('\n')
          .map(
            (line, i) =>
              `<span class="line${options.highlightLines.has(i + 1) ? ' highlighted' : ''}">${escapeHtml(line)}</span>`,
          );
        return remember(`<pre class="${preClass} plain" tabindex="0"><code>${lines.join('\n')}</code></pre>`);
      }
      // Blocks highlighted by an earlier build or dev session: no grammar to load, no regex to compile.
      const stored = store?.get(key);
      if (stored !== undefined) return remember(stored);
      const highlighter = await ready(lang);
      const html = highlighter.codeToHtml(code, { lang, theme: 'docs-it', transformers: [transformerFor(options)] });
      store?.set(key, html);
      return remember(html);
    },
  };
}
