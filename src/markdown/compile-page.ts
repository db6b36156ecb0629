import { fileURLToPath } from 'node:url';
import type { Root as HastRoot } from 'hast';
import type { Root } from 'mdast';
import { type ComponentType, createElement, type ReactElement } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { CurrentCategoryContext, SiteConfigContext } from '../../templates/content/contexts';
import { islandOf } from '../../templates/content/island';
import {
  BaseUrlContext,
  builtinModuleExports,
  createIds,
  IdsContext,
  mdxComponents,
} from '../../templates/content/mdx-components';
import { countSiteElements, provideModulesToSiteCode } from '../../templates/content/site-modules';
import { islandComponentsOf } from '../../templates/content/theme-islands';
import { InterfaceTextContext } from '../../templates/text';
import {
  PageOverridesContext,
  provideThemeOriginals,
  type ThemeOverrideComponents,
} from '../../templates/theme-components';
import { DocsItError } from '../errors';
import { docusaurusSiteConfigOf } from '../shared/docusaurus-site-config';
import { withoutImagePreloads } from '../shared/react-markup';
import { componentsKey, type SiteCode } from '../shared/site-code';
import { type ContentOverrides, overrideExportName } from '../shared/theme-components';
import { CompileCrash } from './compile-crash';
import type { CompiledPage, ImportBinding, PageContext, Problem } from './compiled-page';
import { countWords } from './count-words';
import { type DirectNotes, directHast } from './direct-hast';
import type { DirectivePlugin } from './directive-plugin';
import { builtinDirectives } from './directives';
import { createFastPath, type FastParserLoader, fastParserWanted } from './fast-parser';
import { hastHtml } from './hast-html';
import { createHighlighter, type Highlighter } from './highlighter';
import type { mdProcessors } from './md-pipeline';
import { overrideErrorIn } from './override-errors';
import { checkPageLimits, createElementBudget, stackOverflowError } from './page-limits';
import { pageSource } from './page-source';
import { rehypePlugins } from './rehype-plugins';
import { cardListMarker } from './remark-card-list';
import { builtinKey, importsArgument } from './remark-imports';

/** Everything one page's compile reads: the page is a function of this and of the compiler's code. */
export interface CompileInput extends PageContext {
  /** Markdown body (front matter lines blanked, so positions are file positions). */
  body: string;
  format: 'md' | 'mdx';
  /** Blog posts keep an excerpt for the lists. */
  excerpt: boolean;
}

/**
 * Creates the page compiler of one run: the `.md` processors are made once and reused for every page. The
 * directives it knows are the built-in ones unless a list is given (a test adds one). `.md` pages go through the
 * fast parser (see fast-mdast) unless `fastParser` is false or `DOCS_IT_FAST_PARSER=0`; `warn` hears once that
 * it could not load. The pages the fast parser reads take the direct path (see direct-hast) unless `direct` is false
 * (a test compares the two).
 */
export function createPageCompiler(
  options: {
    highlighter?: Highlighter;
    directives?: readonly DirectivePlugin[];
    fastParser?: boolean | FastParserLoader;
    direct?: boolean;
    warn?: (message: string) => void;
  } = {},
) {
  const highlighter = options.highlighter ?? createHighlighter();
  const directives = options.directives ?? builtinDirectives;
  const fastWanted = options.fastParser ?? fastParserWanted();
  const fast =
    fastWanted === false || directives !== builtinDirectives
      ? undefined
      : createFastPath({ ...(typeof fastWanted === 'function' ? { load: fastWanted } : {}), warn: options.warn });
  const direct = options.direct ?? true;
  // unified's whole `.md` pipeline, loaded by the first page the direct path does not take (see md-pipeline).
  let processors: Promise<ReturnType<typeof mdProcessors>> | undefined;
  const mdProcessorsOnce = () =>
    (processors ??= import('./md-pipeline').then((pipeline) => pipeline.mdProcessors(highlighter, directives)));
  // The direct path's rehype half: the same plugins, run on the hast direct-hast makes.
  const makeRehype = (excerpt: boolean) =>
    unified()
      .use(rehypePlugins(highlighter, excerpt, 'md'))
      .freeze();
  const rehypeMd = makeRehype(false);
  const rehypeMdWithExcerpt = makeRehype(true);

  /** Compiles one page to HTML with its TOC, ids, links and search blocks; a syntax error throws, located. */
  return async function compilePage(input: CompileInput): Promise<CompiledPage> {
    const { body, format, excerpt, ...page } = input;
    checkPageLimits(body, input.file);
    // Titles after a directive's name (`:::tip Titolo`) in both formats; MDX 1 comments and heading ids in `.mdx`.
    const source = pageSource(body, format, directives);
    let file = new VFile({ path: input.file, value: source });
    let html: string;
    try {
      const overrides = await pageOverridesOf(input.theme);
      const withPage = (element: ReactElement) => pageContexts(input, overrides, element);
      const prepare = (vfile: VFile) => {
        vfile.data.page = page;
        if (input.theme)
          vfile.data.renderIsland = (element) => withoutImagePreloads(renderToStaticMarkup(withPage(element)));
        return vfile;
      };
      prepare(file);
      if (format === 'md') {
        const tree = fast && (await fast.parse(source));
        // The direct path on a page without the site's overrides, on its own file: what it wrote is dropped if it
        // gives up.
        const directFile =
          tree && direct && !input.theme ? prepare(new VFile({ path: input.file, value: source })) : undefined;
        const directHtml =
          directFile && (await compileDirect(excerpt ? rehypeMdWithExcerpt : rehypeMd, tree!, directFile));
        if (directHtml !== undefined) {
          file = directFile!;
          html = directHtml;
        } else {
          const processors = await mdProcessorsOnce();
          const processor = excerpt ? processors.mdWithExcerpt : processors.md;
          const fastHtml = await compileFast(processor, tree || undefined, file);
          if (fastHtml !== undefined) html = fastHtml;
          else {
            // The full parser, on a page the fast one does not take or on which it met a problem: its places are
            // exact.
            file = prepare(new VFile({ path: input.file, value: source }));
            html = String(await processor.process(file));
          }
        }
      } else {
        // MDX is loaded only by sites that have .mdx pages.
        const [{ compile: compileMdx, run: runMdx }, { remarkPlugins }] = await Promise.all([
          import('@mdx-js/mdx'),
          import('./md-pipeline'),
        ]);
        const compiled = await compileMdx(file, {
          // Not from the extension (MDX's default): a `.md` page may be MDX too (see `usesMdx`).
          format: 'mdx',
          outputFormat: 'function-body',
          remarkPlugins: remarkPlugins('mdx', directives),
          rehypePlugins: rehypePlugins(highlighter, excerpt, 'mdx'),
          remarkRehypeOptions: { allowDangerousHtml: true },
        });
        // A page whose imports name nothing cannot run; its problems say every one of them.
        if (file.data.importFailed) html = '';
        else
          try {
            const budget = createElementBudget(input.file, body.length, (stack) => componentPlace(stack, body));
            html = await withoutProcessExit(input.file, async () => {
              const { imports, components } = await modulesOf(input.code, input.theme);
              const mod = await runMdx(String(compiled), {
                ...jsxRuntime,
                jsx: budget.wrap(jsxRuntime.jsx),
                jsxs: budget.wrap(jsxRuntime.jsxs),
                baseUrl: import.meta.url,
                [importsArgument]: imports,
              } as Parameters<typeof runMdx>[1]);
              const Content = mod.default as ComponentType<{ components: Record<string, unknown> }>;
              const undefinedNames: Record<string, unknown> = {};
              for (;;) {
                const content = createElement(Content, { components: { ...components, ...undefinedNames } });
                const withIds = createElement(IdsContext.Provider, { value: createIds() }, content);
                countSiteElements(budget.count);
                try {
                  return withoutImagePreloads(renderToStaticMarkup(withPage(withIds)));
                } catch (error) {
                  const name = input.mdx1UndefinedComponents ? missingComponentName(error) : undefined;
                  if (!name || name in undefinedNames) throw error;
                  // As MDX 1 (Docusaurus 2) does: an empty div, and a warning where the page uses it.
                  undefinedNames[name] = EmptyDiv;
                  file.data.problems = [...(file.data.problems ?? []), undefinedComponentWarning(name, body)];
                } finally {
                  countSiteElements(undefined);
                }
              }
            });
          } catch (error) {
            const ofOverride =
              input.theme && overrideErrorIn(error, fileURLToPath(input.theme.url), `compiling ${input.route}`);
            if (ofOverride) throw ofOverride;
            // The page's own code failed: whatever it threw is the page's error.
            throw (
              stackOverflowError(error, input.file) ??
              missingNameError(error, input.file, body) ??
              (await undefinedComponentError(error, file.data.importBindings, input.code, body)) ??
              renderError(error, input.file, body)
            );
          }
      }
    } catch (error) {
      throw (
        (input.theme && overrideErrorIn(error, fileURLToPath(input.theme.url), `compiling ${input.route}`)) ??
        syntaxErrorOrCrash(error, input.file)
      );
    }
    // `<DocCardList />` written as a component leaves the marker `::doc-card-list` leaves: its cards come alike.
    if (format === 'mdx' && !file.data.cardList && html.includes(cardListMarker))
      file.data.cardList = placeOf(body, /<DocCardList[\s/>]/) ?? { line: 1, column: 1 };
    const search = file.data.search ?? [];
    const result: CompiledPage = {
      html,
      toc: file.data.toc ?? [],
      ids: file.data.ids ?? [],
      links: file.data.links ?? [],
      problems: file.data.problems ?? [],
      search,
      // Only a blog post's words are read (its reading time); `excerpt` is a post's, and part of the job's key.
      words: excerpt ? countWords(html) : 0,
    };
    if (file.data.excerptHtml !== undefined) result.excerptHtml = file.data.excerptHtml;
    if (file.data.cardList) result.cardList = file.data.cardList;
    return result;
  };
}

/** What `compileFast` asks of a `.md` processor: its transforms and its stringifier, without its parser. */
interface MdProcessor {
  run(tree: Root, file: VFile): Promise<unknown>;
  stringify(tree: never, file: VFile): unknown;
}

/**
 * A `.md` page compiled from the fast parser's tree, or undefined when there is no tree or the compile found anything
 * to report: then the page is compiled again by the full parser, whose trees carry every position, so the problems
 * and errors reported are located exactly as without the fast parser.
 */
async function compileFast(processor: MdProcessor, tree: Root | undefined, file: VFile): Promise<string | undefined> {
  if (!tree) return undefined;
  try {
    const html = String(processor.stringify((await processor.run(tree, file)) as never, file));
    return (file.data.problems?.length ?? 0) === 0 && file.messages.length === 0 ? html : undefined;
  } catch {
    return undefined;
  }
}

/** What `compileDirect` asks of the rehype plugins' processor. */
interface RehypeProcessor {
  run(tree: never, file: VFile): Promise<unknown>;
}

/**
 * A `.md` page compiled by the direct path (its hast made from the fast parser's tree by direct-hast, then the rehype
 * plugins, then hast-html), or undefined when the direct path does not cover the page or the compile found anything
 * to report: then the page takes the unified pipeline, whose result is the same bytes.
 */
async function compileDirect(processor: RehypeProcessor, tree: Root, file: VFile): Promise<string | undefined> {
  const notes: DirectNotes = {};
  const hast = directHast(tree, file.data.page!, notes);
  if (!hast) return undefined;
  if (notes.cardList) file.data.cardList = notes.cardList;
  try {
    const html = hastHtml((await processor.run(hast as never, file)) as HastRoot);
    return (file.data.problems?.length ?? 0) === 0 && file.messages.length === 0 ? html : undefined;
  } catch {
    return undefined;
  }
}

/** A page compiled without a site (a test's): `useDocusaurusContext()` says nothing but its base URL. */
const noSite = { title: '', tagline: '', url: '' };

/**
 * What the theme's and the site's components in a page read, around `element`: the site's interface strings (theme
 * components speak its language, like its compiled markdown), base URL, config and the page's category, and the
 * overrides this page draws (its compile input's, and none when it names none).
 */
function pageContexts(input: CompileInput, overrides: ThemeOverrideComponents, element: ReactElement): ReactElement {
  const withOverrides = createElement(PageOverridesContext.Provider, { value: overrides }, element);
  const withText = createElement(InterfaceTextContext.Provider, { value: input.text }, withOverrides);
  const withCategory = createElement(
    CurrentCategoryContext.Provider,
    { value: input.mdxData?.sidebarCategory },
    withText,
  );
  const withSite = createElement(
    SiteConfigContext.Provider,
    { value: input.mdxData?.siteConfig ?? docusaurusSiteConfigOf({ ...noSite, baseUrl: input.baseUrl }) },
    withCategory,
  );
  return createElement(BaseUrlContext.Provider, { value: input.baseUrl }, withSite);
}

/** The site's overrides a page draws, from the bundle its compile input names (imported once per process). */
async function pageOverridesOf(theme: ContentOverrides | undefined): Promise<ThemeOverrideComponents> {
  if (!theme) return {};
  provideModulesToSiteCode();
  provideThemeOriginals();
  const bundle = (await import(theme.url)) as Record<string, unknown>;
  return Object.fromEntries(theme.names.map((name) => [name, bundle[overrideExportName(name)]]));
}

type Namespace = Record<string, unknown>;
const islands = new WeakMap<Namespace, Namespace>();

/** The components module's components, each as an island (see `islandOf`); other exports as they are. */
function withIslands(namespace: Namespace): Namespace {
  let wrapped = islands.get(namespace);
  if (!wrapped) {
    wrapped = Object.fromEntries(
      Object.entries(namespace).map(([name, value]) => [
        name,
        /^[A-Z]/.test(name) && value ? islandOf(name, value as ComponentType<Namespace>) : value,
      ]),
    );
    islands.set(namespace, wrapped);
  }
  return wrapped;
}

/**
 * The modules an MDX page's imports name (see remark-imports), and the components it has without imports. The theme's
 * components the site overrides are islands in the page (`<Admonition>`, `import CodeBlock from '@theme/CodeBlock'`).
 */
async function modulesOf(
  code: SiteCode | undefined,
  theme?: ContentOverrides,
): Promise<{ imports: Namespace; components: Namespace }> {
  const imports: Namespace = {};
  for (const [spec, exported] of Object.entries(builtinModuleExports)) imports[builtinKey(spec)] = exported;
  const islands = islandComponentsOf(theme?.names ?? []);
  for (const name of theme?.names ?? [])
    imports[builtinKey(`@theme/${name}`)] = { ...builtinModuleExports[`@theme/${name}`], default: islands[name] };
  const builtins = { ...mdxComponents, ...islands };
  if (!code) return { imports, components: builtins };
  provideModulesToSiteCode();
  const bundle = (await import(code.url)) as Record<string, Namespace>;
  const site = withIslands(bundle[componentsKey] ?? {});
  for (const key of Object.values(code.imports)) {
    const [module, name] = key.split('#') as [string, string | undefined];
    const namespace = module === componentsKey ? site : (bundle[module] ?? {});
    // `@theme/Name`: the components module with `Name` as its default, so `import Command, { InstallCli } from
    // '@theme/Command'` binds both, as a Docusaurus site's `src/theme/Command.js` exporting both does.
    imports[key] = name === undefined ? namespace : { ...namespace, default: namespace[name] };
  }
  const components: Namespace = { ...builtins };
  for (const name of code.components) components[name] = site[name];
  return { imports, components };
}

/**
 * Runs an MDX page's code with `process.exit` turned into an error naming the page: MDX is code that runs
 * during the build, and a page calling it would otherwise end the build silently. Pages compile one at a time.
 */
async function withoutProcessExit<T>(file: string, run: () => Promise<T>): Promise<T> {
  const exit = process.exit;
  process.exit = ((code?: number) => {
    throw new DocsItError(
      `the page called process.exit(${code ?? ''}) while it was rendered`,
      { file, line: 1, column: 1 },
      'MDX is code that runs during the build: remove the call.',
    );
  }) as typeof process.exit;
  try {
    return await run();
  } finally {
    process.exit = exit;
  }
}

/** Line and column (1-based) of the first match of `pattern` in `text`. */
function placeOf(text: string, pattern: RegExp): { line: number; column: number } | undefined {
  const match = pattern.exec(text);
  if (!match) return undefined;
  const before = text.slice(0, match.index).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The component MDX found no value for while running a page (`<Name />` neither imported nor provided). */
function missingComponentName(error: unknown): string | undefined {
  return /^Expected component `([\w.]+)` to be defined/.exec((error as Error)?.message ?? '')?.[1];
}

/** What MDX 1 renders for a component the page does not define. */
const EmptyDiv = () => createElement('div');

/** The warning of a component MDX 1 rendered as an empty div (`markdown.mdx1Compat.undefinedComponents`). */
function undefinedComponentWarning(name: string, body: string): Problem {
  const place = placeOf(body, new RegExp(`<${escapeRegExp(name)}[\\s/>]`)) ?? { line: 1, column: 1 };
  return {
    message: `<${name}> is neither imported nor provided: rendered as an empty div, as MDX 1 (Docusaurus 2) does`,
    ...place,
    hint:
      `Import it at the top of the page (import ${name} from '…') or remove it; Docusaurus 3, and docs-it ` +
      'without markdown.mdx1Compat.undefinedComponents, stop here.',
    severity: 'warning',
  };
}

/**
 * The error MDX raises while running a page without a place of its own (an unknown component), located at its
 * use in the page and named in its words; MDX's own text names its internal files.
 */
function missingNameError(error: unknown, file: string, body: string): DocsItError | undefined {
  const component = missingComponentName(error);
  if (component) {
    const place = placeOf(body, new RegExp(`<${escapeRegExp(component)}[\\s/>]`));
    return new DocsItError(
      `unknown component <${component}>: no component of that name is provided to MDX pages`,
      { file, ...(place ?? { line: 1, column: 1 }) },
      `Import it at the top of the page (import ${component} from '…'), export it from the site's components ` +
        'module (`components` in site.config.ts), or use one of the built-in components (see WRITING.md).',
    );
  }
  return undefined;
}

/**
 * React's "Element type is invalid … got: undefined" as the import that bound `undefined`: the names the page
 * imports, uses as components (`<Name`) and gets no value for from their module, located at the first one's
 * import (a compile error is one error: the worker threads pass one back).
 */
async function undefinedComponentError(
  error: unknown,
  bindings: ImportBinding[] | undefined,
  code: SiteCode | undefined,
  body: string,
): Promise<DocsItError | undefined> {
  const text = (error as Error)?.message ?? '';
  if (!/Element type is invalid[\s\S]*got: undefined/.test(text) || !bindings) return undefined;
  const { imports } = await modulesOf(code);
  const found = bindings.filter((b) => {
    const namespace = imports[b.key] as Namespace | undefined;
    const value = b.imported === '*' ? namespace : namespace?.[b.imported];
    return value === undefined && new RegExp(`<${escapeRegExp(b.local)}[\\s/>]`).test(body);
  });
  const first = found[0];
  if (!first) return undefined;
  const what = (b: ImportBinding) => (b.imported === 'default' ? 'the default export' : `the export ${b.imported}`);
  const others = found.slice(1).map((b) => `; <${b.local}> too (line ${b.line}: ${what(b)} of ${b.source})`);
  return new DocsItError(
    `<${first.local}> renders as undefined: ${what(first)} of ${first.source} has no value${others.join('')}`,
    { file: first.file, line: first.line, column: first.column },
    `Check what ${first.source} exports under that name: an export of a value defined later, a misspelt name, ` +
      'a default export imported as a named one, or the reverse.',
  );
}

/** Where the page uses the first component a stack trace names (`at Name (…)` → `<Name`), if it uses one. */
function componentPlace(stack: string | undefined, body: string): { line: number; column: number } | undefined {
  const names = [...(stack ?? '').matchAll(/^\s*at (?:new )?([A-Z][\w$]*)[ .]/gm)].map((m) => m[1]!);
  return names.map((name) => placeOf(body, new RegExp(`<${escapeRegExp(name)}[\\s/>]`))).find(Boolean);
}

/**
 * Something the page's code threw while it ran (a component, an expression), as the page's error: located at the
 * first component of the page named in the error's stack, else at the top of the page.
 */
function renderError(error: unknown, file: string, body: string): DocsItError {
  if (error instanceof DocsItError) return error;
  const text = (error as Error)?.message ?? String(error);
  return new DocsItError(
    `the page's code failed while it rendered: ${text}`,
    { file, ...(componentPlace((error as Error)?.stack, body) ?? { line: 1, column: 1 }) },
    'A component or an expression of this page threw: fix it, or the props the page gives it.',
  );
}

/**
 * A parser's message about the input (a VFileMessage: it has a reason and a place) becomes a located error
 * for the writer; anything else thrown while compiling is a crash of docs-it and stays one, so a bug is
 * never dressed up as a syntax error at 1:1.
 */
function syntaxErrorOrCrash(error: unknown, file: string): Error {
  if (error instanceof DocsItError) return error;
  const overflow = stackOverflowError(error, file);
  if (overflow) return overflow;
  const message = error as { name?: string; reason?: unknown; place?: unknown; line?: unknown };
  const located = typeof message?.reason === 'string' && ('place' in message || 'line' in message);
  const fromParser = message?.name === 'VFileMessage' || located;
  return fromParser ? toDocsItError(error, file) : new CompileCrash(file, error);
}

/** A VFileMessage (or any error) from the pipeline as a DocsItError at its place in the file. */
function toDocsItError(error: unknown, fileName: string): DocsItError {
  if (error instanceof DocsItError) return error;
  const message = error as {
    reason?: string;
    message?: string;
    line?: number;
    column?: number;
    place?: { line?: number; column?: number; start?: { line: number; column: number } };
  };
  const place =
    message.place && 'start' in message.place && message.place.start
      ? message.place.start
      : (message.place as { line?: number; column?: number } | undefined);
  const plain = plainParseError(error);
  const text = plain?.message ?? message.reason ?? message.message ?? String(error);
  // Some MDX errors carry their place only in the text, as `(3:1-3:7)`.
  const fromText = /\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/.exec(text);
  const line = message.line ?? place?.line ?? (fromText ? Number(fromText[1]) : undefined);
  const column = message.column ?? place?.column ?? (fromText ? Number(fromText[2]) : undefined);
  // An error with no place of its own is reported at the top of the file, never without a line.
  return new DocsItError(
    text,
    { file: fileName, line: line ?? 1, column: column ?? 1 },
    plain?.hint ?? 'Fix the markdown/MDX syntax at this place (see WRITING.md).',
  );
}

/**
 * MDX's "Could not parse expression with acorn" in plain words: what MDX read as code (a `{…}` expression, an
 * import or export), what is wrong with it (acorn's own words), and what the writer can do. Undefined for any
 * other error.
 */
function plainParseError(error: unknown): { message: string; hint: string } | undefined {
  const message = error as { ruleId?: string; source?: string; reason?: string; cause?: { message?: string } };
  const braces =
    'Fix the expression; for a brace that is text write \\{ or put it in `code`, and write an MDX 1 comment ' +
    '<!-- … --> as {/* … */}.';
  // An expression left open, and the like: MDX's own words are plain already; the hint is what helps.
  if (message.ruleId !== 'acorn') {
    return message.source === 'micromark-extension-mdx-expression' && message.reason
      ? { message: message.reason, hint: braces }
      : undefined;
  }
  const raw = message.cause?.message?.replace(/\s*\(\d+:\d+\)$/, '');
  const why = raw ? raw.charAt(0).toLowerCase() + raw.slice(1) : 'it does not parse';
  if (message.source === 'micromark-extension-mdxjs-esm') {
    return {
      message:
        `this import or export is not valid JavaScript (${why}): ` +
        'MDX reads a paragraph that starts with "import" or "export" as code',
      hint: 'Fix the statement; a sentence of text that starts with one of these words must start otherwise.',
    };
  }
  return {
    message: `this {…} is not a valid JavaScript expression (${why}): MDX reads what is between { and } as code`,
    hint: braces,
  };
}
