import { digestText, presetDigest } from '../../cache/digest';
import type { ContentModel } from '../../content/build-content-model';
import type { DiscoveredContent } from '../../content/discover';
import { bodyPlaceOf, withoutFrontMatter } from '../../content/front-matter';
import { letGoOfText, onLetGo } from '../../content/held-texts';
import type { ParsedSource } from '../../content/source-file';
import type { BodyPlace } from '../../content/text-again';
import { isAssetImport } from '../../markdown/asset-refs';
import type { CompileInput } from '../../markdown/compile-page';
import { componentsMayDraw, contentOverridesOfPage } from '../../markdown/content-components';
import { type ImportLine, importsOf, isFragmentImport, siteSpecifier } from '../../markdown/mdx-imports';
import { type DocusaurusSiteConfig, docusaurusSiteConfigOf } from '../../shared/docusaurus-site-config';
import type { InterfaceText } from '../../shared/i18n/interface-text';
import type { SidebarCategory, SidebarItem } from '../../shared/sidebar';
import type { SiteCode } from '../../shared/site-code';
import type { ContentOverrides } from '../../shared/theme-components';
import { bodyDigestOf, bodyImportsOf, bodyLengthOfSource, bodyUsesMdx, componentsDrawnBy } from '../source-facts';

/** Each page's body length, known when its job is made (a fact of its text: `bodyLengthOfSource`). */
const bodyLengths = new WeakMap<CompileInput, number>();

/**
 * The length of a compile input's body without reading it: a large build lets every page's text go before
 * compiling (see `Site.compileAll`), and the compile workers' queue is ordered by it.
 */
export function bodyLengthOf(input: CompileInput): number {
  return bodyLengths.get(input) ?? input.body.length;
}

/** The parsed source a compile input's body is read from. */
const sourceOfJob = Symbol('source of job');

function jobBody(this: CompileInput & { [sourceOfJob]: ParsedSource }): string {
  return this[sourceOfJob].body;
}

/**
 * A job as a compile worker is sent it: its interface text apart (sent to each worker once), and its body, or where
 * the body is when this thread holds no text of it (a large build let every page's go): the worker reads and checks
 * it there (`readBody`), and this thread, the markdown stage's critical path, neither reads nor sends it.
 */
export function sentJob(job: CompileInput): {
  text: CompileInput['text'];
  input: Omit<CompileInput, 'text' | 'body'> & { body?: string };
  place?: BodyPlace;
} {
  const source = (job as { [sourceOfJob]?: ParsedSource })[sourceOfJob];
  const place = source && bodyPlaceOf(source);
  if (!place) {
    const { text, ...input } = job;
    return { text, input };
  }
  // Each field but the body, whose getter would read the text here.
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(job)) if (key !== 'body' && key !== 'text') input[key] = job[key as keyof CompileInput];
  return { text: job.text, input: input as Omit<CompileInput, 'text' | 'body'>, place };
}

function letGoOfJob(job: object): void {
  letGoOfText((job as { [sourceOfJob]: ParsedSource })[sourceOfJob]);
}

/**
 * What an MDX page imports, its fragments' imports included: the fragments (`import Requisiti from
 * './_requisiti.md'`) by site-root relative path with their text, and the modules by their `@site/` form. Both
 * are part of the page's compile input, so a page is compiled again when one of them changes. An import not
 * found here is left for the compiler to report at its line.
 */
function importsOfPage(source: ParsedSource, textOf: (file: string) => string | undefined) {
  const fragments: Record<string, string> = {};
  const modules: string[] = [];
  const visit = (file: string, lines: ImportLine[]) => {
    for (const { source: imported } of lines) {
      if (isAssetImport(imported)) continue;
      const spec = siteSpecifier(imported, file);
      if (!isFragmentImport(spec)) {
        modules.push(spec);
        continue;
      }
      const fragment = spec.slice('@site/'.length);
      const fragmentText = textOf(fragment);
      if (fragmentText === undefined || fragment in fragments) continue;
      fragments[fragment] = withoutFrontMatter(fragmentText);
      visit(fragment, importsOf(fragments[fragment]!));
    }
  };
  visit(source.file, bodyImportsOf(source));
  return { fragments, modules };
}

/** The part of the site's code a page's compile reads: the modules it imports, not every page's. */
function codeOfPage(code: SiteCode, modules: string[]): SiteCode {
  const imports: Record<string, string> = {};
  const exports: Record<string, string[]> = {};
  for (const spec of modules) {
    const key = code.imports[spec];
    if (key === undefined) continue;
    imports[spec] = key;
    if (code.exports[key]) exports[key] = code.exports[key];
  }
  return { url: code.url, components: code.components, imports, exports };
}

/**
 * What a `.md` page's job is made of besides the model and the inputs every job shares (`jobsInputsOf`): its file and
 * its body's digest. An `.md` job reads no other file (an MDX page's holds the texts it imports, and has none).
 */
const ownParts = new WeakMap<CompileInput, string>();

/** The inputs every job of a map shares besides the model: each argument of `compileJobsOf` but the content. */
const sharedInputs = new WeakMap<ReadonlyMap<string, CompileInput>, object>();

/** What the jobs of `compileJobsOf` were made from besides the model and the pages' texts (plain data, digestible). */
export function jobsInputsOf(jobs: ReadonlyMap<string, CompileInput>): object | undefined {
  return sharedInputs.get(jobs);
}

/**
 * What a `.md` job is known by without reading it: `jobsKey` (a key of the model's digest, `jobsInputsOf` and this
 * module's and the compiler's code) with its file and its body's digest. Two jobs of one identity are the same job:
 * its route, front matter, title, title line and category are the model's, the rest the shared inputs' or its
 * body's. Undefined for an MDX job.
 */
export function jobIdentity(job: CompileInput, jobsKey: string): string | undefined {
  const own = ownParts.get(job);
  return own === undefined ? undefined : digestText(`${jobsKey}\0${own}`).slice(0, 32);
}

/** Every content file that becomes (part of) a page, as compiler input, by site-root relative path. */
export function compileJobsOf(
  model: ContentModel,
  discovered: DiscoveredContent,
  baseUrl: string,
  text: InterfaceText,
  code?: SiteCode,
  siteConfig: DocusaurusSiteConfig = docusaurusSiteConfigOf({ title: '', tagline: '', url: '', baseUrl }),
  theme?: ContentOverrides,
  markdown: { mdx1UndefinedComponents?: boolean } = {},
): Map<string, CompileInput> {
  // A page's text is read only when a page imports it (a file taken from the content record is not read).
  const sources = new Map(discovered.sources.map((source) => [source.file, source]));
  const textOf = (file: string) =>
    Object.hasOwn(discovered.fragments, file) ? discovered.fragments[file] : sources.get(file)?.text;
  const jobs = new Map<string, CompileInput>();
  const add = (
    source: ParsedSource,
    route: string,
    titleLine: number | undefined,
    fm: { toc_min_heading_level?: number; toc_max_heading_level?: number; description?: string },
    meta: { title: string; id?: string },
    category?: SidebarCategory,
    excerpt = false,
  ) => {
    // As Docusaurus does: a `.md` page with imports or components is MDX.
    const format = source.file.endsWith('.mdx') || bodyUsesMdx(source) ? 'mdx' : 'md';
    // The body is read when the page must be compiled (or a stage reads it): its digest keys the compile input.
    // One shape and one getter for every job (a large site has 100,000), its source under a symbol a copy does not
    // take (a closure would put each job in a dictionary of its own).
    const job = { file: source.file, route, baseUrl } as CompileInput;
    Object.defineProperty(job, sourceOfJob, { value: source });
    Object.defineProperty(job, 'body', { enumerable: true, get: jobBody });
    const fields: Omit<CompileInput, 'file' | 'route' | 'baseUrl' | 'body'> = {
      format,
      excerpt,
      tocMin: fm.toc_min_heading_level ?? 2,
      tocMax: fm.toc_max_heading_level ?? 3,
      fragments: {},
      text,
    };
    Object.assign(job, fields);
    if (format === 'mdx') {
      const imports = importsOfPage(source, textOf);
      job.fragments = imports.fragments;
      if (code) job.code = codeOfPage(code, imports.modules);
      if (markdown.mdx1UndefinedComponents) job.mdx1UndefinedComponents = true;
    }
    onLetGo(job, letGoOfJob);
    const bodyDigest = bodyDigestOf(source);
    presetDigest(job, 'body', bodyDigest);
    if (format === 'md') ownParts.set(job, `${source.file}\0${bodyDigest}`);
    bodyLengths.set(job, bodyLengthOfSource(source));
    const pageTheme =
      theme &&
      contentOverridesOfPage(
        theme,
        [...componentsDrawnBy(source), ...Object.values(job.fragments).flatMap(componentsMayDraw)],
        !!job.code,
      );
    if (pageTheme) job.theme = pageTheme;
    // What the page's code reads, and the site's overrides it draws (in `.md` pages too).
    if (format === 'mdx' || pageTheme) {
      // As JSON: a YAML date is its ISO string, as in the page's compile cache key.
      const frontMatter = JSON.parse(JSON.stringify(fm)) as Record<string, unknown>;
      const permalink = route.startsWith(baseUrl) ? route : baseUrl + route.replace(/^\//, '');
      job.mdxData = {
        frontMatter,
        metadata: { ...meta, description: fm.description, source: `@site/${source.file}`, permalink, frontMatter },
        siteConfig,
      };
      if (category) job.mdxData.sidebarCategory = category;
    }
    if (titleLine !== undefined) job.titleLine = titleLine;
    jobs.set(source.file, job);
  };
  // Each sidebar's categories by the doc they are the index page of, made on first use (one walk per sidebar).
  const categories = new Map<string, Map<string, SidebarCategory>>();
  const categoriesOf = (sidebarId: string) => {
    const known = categories.get(sidebarId);
    if (known) return known;
    const byDoc = categoriesByDoc(model.sidebars.sidebars[sidebarId] ?? []);
    categories.set(sidebarId, byDoc);
    return byDoc;
  };
  for (const doc of model.docs)
    add(
      doc.source,
      doc.route,
      doc.titleLine,
      doc.frontMatter,
      { id: doc.id, title: doc.title },
      categoryOf(doc, model, categoriesOf),
    );
  const home = model.docsHome;
  if (home) add(home.source, home.route, home.titleLine, home.frontMatter, { title: home.title });
  for (const post of model.posts)
    add(post.source, post.route, post.titleLine, post.frontMatter, { title: post.title }, undefined, true);
  for (const page of model.pages) add(page.source, page.route, page.titleLine, page.frontMatter, { title: page.title });
  const notFound = model.notFoundPage;
  if (notFound)
    add(notFound.source, notFound.route, notFound.titleLine, notFound.frontMatter, { title: notFound.title });
  // Every argument but the model and the content (an argument added above belongs here too: see `jobIdentity`).
  sharedInputs.set(jobs, { baseUrl, text, code: code ?? null, siteConfig, theme: theme ?? null, markdown });
  return jobs;
}

/** The categories of a sidebar by the doc each is the index page of: the first one in the sidebar's order. */
function categoriesByDoc(items: SidebarItem[], byDoc = new Map<string, SidebarCategory>()) {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.docId !== undefined && !byDoc.has(item.docId)) byDoc.set(item.docId, item);
    categoriesByDoc(item.items, byDoc);
  }
  return byDoc;
}

/** The sidebar category a doc is the index page of, in the sidebar shown beside it (Docusaurus's current one). */
function categoryOf(
  doc: ContentModel['docs'][number],
  model: ContentModel,
  categoriesOf: (sidebarId: string) => Map<string, SidebarCategory>,
): SidebarCategory | undefined {
  const wanted = doc.frontMatter.displayed_sidebar;
  const sidebarId =
    typeof wanted === 'string' && Object.hasOwn(model.sidebars.sidebars, wanted)
      ? wanted
      : wanted === null
        ? undefined
        : model.sidebars.navigation.get(doc.id)?.sidebarId;
  return sidebarId ? categoriesOf(sidebarId).get(doc.id) : undefined;
}
