import type { ContentModel } from '../../content/build-content-model';
import type { DiscoveredContent } from '../../content/discover';
import type { ParsedSource } from '../../content/source-file';
import { isAssetImport } from '../../markdown/asset-refs';
import type { CompileInput } from '../../markdown/compile-page';
import { contentOverridesOfPage } from '../../markdown/content-components';
import { usesMdx } from '../../markdown/detect-format';
import { importsOf, isFragmentImport, siteSpecifier } from '../../markdown/mdx-imports';
import { type DocusaurusSiteConfig, docusaurusSiteConfigOf } from '../../shared/docusaurus-site-config';
import type { InterfaceText } from '../../shared/i18n/interface-text';
import type { SidebarCategory, SidebarItem } from '../../shared/sidebar';
import type { SiteCode } from '../../shared/site-code';
import type { ContentOverrides } from '../../shared/theme-components';

const frontMatter = /^---\n[\s\S]*?\n---\n/;

/**
 * What an MDX page imports, its fragments' imports included: the fragments (`import Requisiti from
 * './_requisiti.md'`) by site-root relative path with their text, and the modules by their `@site/` form. Both
 * are part of the page's compile input, so a page is compiled again when one of them changes. An import not
 * found here is left for the compiler to report at its line.
 */
function importsOfPage(source: ParsedSource, texts: Map<string, string>) {
  const fragments: Record<string, string> = {};
  const modules: string[] = [];
  const visit = (file: string, text: string) => {
    for (const { source: imported } of importsOf(text)) {
      if (isAssetImport(imported)) continue;
      const spec = siteSpecifier(imported, file);
      if (!isFragmentImport(spec)) {
        modules.push(spec);
        continue;
      }
      const fragment = spec.slice('@site/'.length);
      const fragmentText = texts.get(fragment);
      if (fragmentText === undefined || fragment in fragments) continue;
      fragments[fragment] = fragmentText.replace(frontMatter, '');
      visit(fragment, fragments[fragment]!);
    }
  };
  visit(source.file, source.body);
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

/** `usesMdx` of each page's body, by its parsed source (`dev` makes the jobs again from the same objects). */
const mdxBodies = new WeakMap<ParsedSource, boolean>();

function isMdx(source: ParsedSource): boolean {
  let mdx = mdxBodies.get(source);
  if (mdx === undefined) {
    mdx = usesMdx(source.body);
    mdxBodies.set(source, mdx);
  }
  return mdx;
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
  const texts = new Map<string, string>(Object.entries(discovered.fragments));
  for (const source of discovered.sources) texts.set(source.file, source.text);
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
    const format = source.file.endsWith('.mdx') || isMdx(source) ? 'mdx' : 'md';
    const job: CompileInput = {
      file: source.file,
      route,
      baseUrl,
      body: source.body,
      format,
      excerpt,
      tocMin: fm.toc_min_heading_level ?? 2,
      tocMax: fm.toc_max_heading_level ?? 3,
      fragments: {},
      text,
    };
    if (format === 'mdx') {
      const imports = importsOfPage(source, texts);
      job.fragments = imports.fragments;
      if (code) job.code = codeOfPage(code, imports.modules);
      if (markdown.mdx1UndefinedComponents) job.mdx1UndefinedComponents = true;
    }
    const pageTheme = contentOverridesOfPage(theme, [source.body, ...Object.values(job.fragments)], !!job.code);
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
