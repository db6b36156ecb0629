import { digestText } from '../cache/digest';
import type { Cache } from '../cache/stage-cache';
import { withFrontMatter, yamlFileData } from '../content/front-matter';
import type { SourceFile } from '../content/source-file';
import type { CompileInput } from '../markdown/compile-page';
import type { RenderInput } from '../render/render-page';
import type { SearchInput } from '../search/search-files';
import type { Compiler } from './compile/compiler';
import { frontMatterPartOf } from './source-facts';

/**
 * A render input with the route's props as their digest (`Site.routeKey`) and its sidebar as a digest of what the
 * page renders of it (`renderedSidebarKey`): what a rendered page's key is made of.
 */
export type RenderKeyInput = Omit<RenderInput, 'page' | 'sidebar'> & { page: string; sidebar: string | undefined };

/** What every route's render key shares: the render input but the route's props and sidebar. */
type RenderKeyShared = Omit<RenderKeyInput, 'page' | 'sidebar'>;

/** Whether two shared parts hold the same values: each field the same (objects by identity: inputs are immutable). */
function sameShared(a: RenderKeyShared, b: RenderKeyShared): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || a[key as keyof RenderKeyShared] !== b[key as keyof RenderKeyShared]) return false;
  }
  return true;
}

/**
 * The stages whose outputs are kept, as the site asks for them: wrapped with the run's cache here, or by the
 * compiler (pages and code blocks). Build and dev get the same stages; only the cache behind them differs (disk,
 * or memory over disk).
 */
export function createStages(cache: Cache, compiler: Compiler) {
  // A YAML file (`authors.yml`, no page: not in the record) by its name and text: the same YAML as front matter.
  const readYaml = cache.stageSync('front-matter', yamlFileData);
  // The props builders' code (see `renderKey`), one digest a run.
  const propsVersion = cache.keyOf('props', null);
  // Whether search takes a route is part of its kept key (see `routeKeys`): the search code's version, once a run.
  const searchVersion = cache.keyOf('search', null);
  // Each job's compile key, made once a run: the markdown stage and the search parts' keys both ask for it.
  const compileKeys = new WeakMap<CompileInput, string>();
  // The shared part of the render keys (the config, the chrome, the assets…), digested when it changes: every
  // route of a run gives the same one, and digesting it per route cost several hashes a route.
  let renderShared: { of: RenderKeyShared; key: string } | undefined;
  return {
    /** A content file with its front matter split off and checked. */
    // A page's front matter is not kept in this stage: the content record keeps it with the file's other facts, and
    // a page the record misses is parsed again. Kept here too, a cold build hashed and serialized every page's for
    // builds that hardly ever found it: the pack keeps only what a build used, so the first build that parses an
    // edited page (and uses no other page's entry) drops the others (docs/measurements.md).
    parseSource: (source: SourceFile) => withFrontMatter(source, frontMatterPartOf(source)),
    /** A YAML file's value (`authors.yml`), by its name and text. */
    readYaml,
    /** A page's markdown compiled (links still placeholders), by its compile input. */
    compile: compiler.compile,
    /**
     * A page compiled earlier in this run, read back from the cache's files (undefined if they lack it): a build
     * keeps no compiled page in memory (see `SiteOptions.keepPages`).
     */
    compiled: compiler.kept,
    /** A page's compile key: what its summary is kept under (see site/page-stand-in.ts). */
    // With the job's `identity` (see compile-jobs.ts's `jobIdentity`), the key an earlier build made for the same job
    // is taken as it is: the job is not digested.
    compileKey(input: CompileInput, identity?: string): string {
      let key = compileKeys.get(input);
      if (key === undefined) {
        key = identity === undefined ? undefined : cache.compileKeys.get(identity);
        if (key === undefined) {
          key = cache.keyOf('compile', input);
          if (identity !== undefined) cache.compileKeys.set(identity, key);
        }
        compileKeys.set(input, key);
      }
      return key;
    },
    /**
     * The key of what every job of a site is made of besides its own file and body (`jobIdentity`): the model's digest
     * and the jobs' shared inputs, under the code that makes the jobs and the compiler's.
     */
    compileJobsKey: (input: { model: string; inputs: object }) =>
      cache.keyOf('compile', { jobs: cache.keyOf('compile-jobs', input) }),
    /** Each compiled page's summary, by compile key (see site/page-stand-in.ts). */
    pageSummaries: cache.pageSummaries,
    /**
     * The key of what every route's key props are made from besides its pages (site/route-keys.ts): the props'
     * code, search's (whether it takes a route), and `input` (the site's config, interface text and model).
     */
    routeInputsKey: (input: object) => cache.keyOf('props', { ...input, searchCode: searchVersion }),
    /** What each route's key props gave, kept across builds by `routeInputsKey` and route (site/route-keys.ts). */
    routeKeys: cache.routeKeys,
    /** Whether pages are compiled in workers (then they are best asked for all at once). */
    get parallel(): boolean {
      return compiler.parallel;
    },
    /** Whether this thread compiles the pages while a worker highlights their code blocks ahead of it. */
    get highlightsAhead(): boolean {
      return compiler.highlightsAhead;
    },
    /**
     * The key of a rendered page: previous output with the same key is kept. Its input is the render input with the
     * route's props as their digest (`Site.routeKey`); a build's props have their pages' HTML standing in by key
     * (site/page-stand-in.ts), so the props builders' code is part of the key.
     */
    // The shared fields' key (the stage's code and the props' code in it) with the route's two digests: one hash a
    // route. A digest is base64url, so the joined parts cannot be read two ways.
    renderKey(input: RenderKeyInput): string {
      const { page, sidebar, ...shared } = input;
      if (renderShared === undefined || !sameShared(renderShared.of, shared))
        renderShared = { of: shared, key: cache.keyOf('render', { ...shared, propsCode: propsVersion }) };
      return digestText(`${renderShared.key}\0${page}\0${sidebar === undefined ? '-' : `+${sidebar}`}`).slice(0, 32);
    },
    /**
     * The key of the search files: what every record says of the site, its words, and a running digest of its
     * searchable pages in order (the search stage streams them).
     */
    searchKey: (input: Omit<SearchInput, 'pages'> & { pages: string }) => cache.keyOf('search', input),
    /** The key of the search settings that every page's search part is made with (see `searchParts`). */
    searchPartsKey: (input: Omit<SearchInput, 'pages'>) => cache.keyOf('search', { parts: input }),
    /** Each page's search part kept across builds, by a key of the page and `searchPartsKey` (search/page-part.ts). */
    searchParts: cache.searchParts,
    /** What the search stage keeps for the next build besides the parts (search/search-files.ts's `SearchKeep`). */
    searchState: cache.searchState,
  };
}

export type Stages = ReturnType<typeof createStages>;
