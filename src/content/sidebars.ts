import type { SidebarItemInput } from '../config/site-schema';
import { DocsItError, type ErrorCollector } from '../errors';
import type { Breadcrumb, NavLink, SidebarCategory, SidebarItem } from '../shared/sidebar';
import { joinRoute } from '../shared/urls';
import type { CategoryMeta, Doc } from './content-types';
import type { CategoryFile } from './discover';
import { baseName } from './paths';
import { yamlModule } from './yaml-module';

/** A label as a URL segment, as Docusaurus writes generated index pages (`Guide pratiche` → `guide-pratiche`). */
function slugOfLabel(label: string): string {
  return (
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'categoria'
  );
}

export interface SidebarsInput {
  config: Record<string, SidebarItemInput[]>;
  docs: Doc[];
  categories: Map<string, CategoryMeta>;
  /** For errors on sidebar entries: the config file and its source text. */
  configFile: string;
  configSource: string;
  /** Route of the docs (`/docs` under the base URL): generated category pages are under it. */
  docsBase: string;
  /** Docusaurus's `sidebarCollapsed`: whether a category that says nothing starts folded (default true). */
  collapsed?: boolean;
  /** Docusaurus's `sidebarCollapsible`: false opens every category for good (default true). */
  collapsible?: boolean;
}

export interface DocNavigation {
  sidebarId: string;
  breadcrumbs: Breadcrumb[];
  prev?: NavLink;
  next?: NavLink;
}

export interface Sidebars {
  sidebars: Record<string, SidebarItem[]>;
  /** Sidebar, breadcrumbs and prev/next of every doc that is in a sidebar. */
  navigation: Map<string, DocNavigation>;
  /** The generated pages of categories (`link: {type: generated-index}`), by route. */
  generatedIndexes: Map<string, GeneratedIndex>;
}

/** A category's generated page: its title, description and items as cards, in its sidebar's place. */
export interface GeneratedIndex extends DocNavigation {
  route: string;
  category: SidebarCategory;
  title: string;
  description?: string;
}

/** The value of a `_category_.yml` file, or a located error. */
function parseCategoryYaml(file: CategoryFile): unknown {
  const { LineCounter, parseDocument } = yamlModule();
  const lineCounter = new LineCounter();
  const doc = parseDocument(file.text, { lineCounter, prettyErrors: false });
  const error = doc.errors[0];
  if (error) {
    throw new DocsItError(
      `invalid YAML: ${error.message.split('\n')[0]}`,
      { file: file.file, line: lineCounter.linePos(error.pos[0]).line, column: 1 },
      'Fix the YAML syntax of this category file.',
    );
  }
  try {
    return doc.toJS();
  } catch (toJsError) {
    throw new DocsItError(
      `invalid YAML: ${(toJsError as Error).message}`,
      { file: file.file, line: 1, column: 1 },
      'Write the values out instead of repeating them through YAML aliases.',
    );
  }
}

/** Parses the `_category_.json` and `_category_.yml` files; a bad file is an error naming it. */
export function parseCategoryFiles(files: CategoryFile[], errors: ErrorCollector): Map<string, CategoryMeta> {
  const metas = new Map<string, CategoryMeta>();
  for (const file of files) {
    let raw: unknown;
    if (/\.ya?ml$/.test(file.file)) {
      try {
        raw = parseCategoryYaml(file);
      } catch (error) {
        errors.add(error as DocsItError);
        continue;
      }
    } else
      try {
        raw = JSON.parse(file.text);
      } catch (error) {
        const message = (error as Error).message;
        const pos = /position (\d+)/.exec(message);
        const line = pos ? file.text.slice(0, Number(pos[1])).split('\n').length : 1;
        errors.add(
          new DocsItError(
            `invalid JSON: ${message}`,
            { file: file.file, line, column: 1 },
            'Fix the JSON syntax of this category file.',
          ),
        );
        continue;
      }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      errors.add(
        new DocsItError(
          'a category file must hold a JSON object',
          { file: file.file, line: 1, column: 1 },
          'Write `{ "label": "…", "position": 1 }` (or `label: …` lines in a .yml file).',
        ),
      );
      continue;
    }
    const obj = raw as Record<string, unknown>;
    const meta: CategoryMeta = {};
    const check = (key: keyof CategoryMeta, type: 'string' | 'number' | 'boolean') => {
      const value = obj[key];
      if (value === undefined) return;
      if (typeof value !== type) {
        const line =
          file.text.split('\n').findIndex((l) => l.includes(`"${key}"`) || new RegExp(`^\\s*${key}\\s*:`).test(l)) + 1;
        errors.add(
          new DocsItError(
            `"${key}" must be a ${type}`,
            { file: file.file, line: line || 1, column: 1 },
            `Give "${key}" a ${type} value.`,
          ),
        );
        return;
      }
      (meta as Record<string, unknown>)[key] = value;
    };
    check('label', 'string');
    check('position', 'number');
    check('description', 'string');
    check('collapsed', 'boolean');
    check('collapsible', 'boolean');
    check('className', 'string');
    const link = obj.link as Record<string, unknown> | undefined;
    if (link && link.type === 'doc' && typeof link.id === 'string') meta.linkDoc = link.id;
    else if (link && link.type === 'generated-index') {
      const index: NonNullable<CategoryMeta['generatedIndex']> = {};
      for (const key of ['title', 'description', 'slug'] as const) {
        if (typeof link[key] === 'string') index[key] = link[key];
      }
      meta.generatedIndex = index;
    } else if (link !== undefined && link !== null) {
      const line = file.text.split('\n').findIndex((l) => /^\s*"?link"?\s*:/.test(l)) + 1;
      errors.add(
        new DocsItError(
          '"link" of a category must be {type: doc, id: …} or {type: generated-index}',
          { file: file.file, line: line || 1, column: 1 },
          'Link the category to one of its docs, or to a generated page of its items (type: generated-index).',
        ),
      );
    }
    metas.set(file.dir, meta);
  }
  return metas;
}

/** Builds the sidebars from the config (expanding autogenerated folders) and each doc's navigation. */
export function buildSidebars(input: SidebarsInput, errors: ErrorCollector): Sidebars {
  const byId = new Map(input.docs.map((d) => [d.id, d]));
  const sidebars: Record<string, SidebarItem[]> = {};
  for (const [sidebarId, items] of Object.entries(input.config)) {
    sidebars[sidebarId] = items.flatMap((item) => resolveItem(item, input, byId, errors));
  }
  const navigation = new Map<string, DocNavigation>();
  const generatedIndexes = new Map<string, GeneratedIndex>();
  for (const [sidebarId, items] of Object.entries(sidebars)) {
    const flat: { title: string; href: string; docId?: string; index?: GeneratedIndex }[] = [];
    const visit = (list: SidebarItem[], trail: Breadcrumb[]) => {
      for (const item of list) {
        if (item.type === 'link') {
          // A plain link (another site's docs, say) is no page of the sidebar: previous/next skip it.
          if (!item.docId) continue;
          // A doc's `pagination_label` names it in its neighbours' previous/next links.
          const title = byId.get(item.docId)?.frontMatter.pagination_label || item.label;
          flat.push({ title, href: item.href, docId: item.docId });
          if (!navigation.has(item.docId))
            navigation.set(item.docId, { sidebarId, breadcrumbs: [...trail, { label: item.label }] });
        } else {
          if (item.href && item.generatedIndex && !generatedIndexes.has(item.href)) {
            const index: GeneratedIndex = {
              route: item.href,
              category: item,
              ...item.generatedIndex,
              sidebarId,
              breadcrumbs: [...trail, { label: item.label }],
            };
            generatedIndexes.set(item.href, index);
            flat.push({ title: item.label, href: item.href, index });
          } else if (item.href) {
            flat.push({ title: item.label, href: item.href, docId: item.docId });
            if (item.docId && !navigation.has(item.docId))
              navigation.set(item.docId, { sidebarId, breadcrumbs: [...trail, { label: item.label }] });
          }
          visit(item.items, [...trail, { label: item.label, href: item.href }]);
        }
      }
    };
    visit(items, []);
    flat.forEach((entry, i) => {
      const nav = entry.index ?? (entry.docId ? navigation.get(entry.docId) : undefined);
      if (!nav || nav.sidebarId !== sidebarId) return;
      const prev = flat[i - 1];
      const next = flat[i + 1];
      if (prev) nav.prev = { title: prev.title, href: prev.href };
      if (next) nav.next = { title: next.title, href: next.href };
    });
  }
  applyPaginationOverrides(input, byId, navigation, errors);
  return { sidebars, navigation, generatedIndexes };
}

/**
 * `pagination_prev` / `pagination_next` in a doc's front matter replace its sidebar neighbours (a doc id, or
 * null for none), as in Docusaurus; the neighbour's label is its `pagination_label`, else its sidebar label. The
 * ids are checked on every doc, in a sidebar or not: a wrong one is an error at its line wherever it is.
 */
function applyPaginationOverrides(
  input: SidebarsInput,
  byId: Map<string, Doc>,
  navigation: Map<string, DocNavigation>,
  errors: ErrorCollector,
): void {
  for (const doc of input.docs) {
    const nav = navigation.get(doc.id);
    for (const [key, side] of [
      ['pagination_prev', 'prev'],
      ['pagination_next', 'next'],
    ] as const) {
      const value = doc.frontMatter[key];
      if (value === undefined) continue;
      if (value === null) {
        if (nav) delete nav[side];
        continue;
      }
      // An id relative to the doc's folder first, then from the docs root, as Docusaurus resolves it.
      const target = byId.get(doc.dir ? `${doc.dir}/${value}` : value) ?? byId.get(value);
      if (!target) {
        errors.add(
          new DocsItError(
            `${key}: no doc with id "${value}"`,
            { file: doc.source.file, line: doc.source.keyLines[key] ?? 1, column: 1 },
            'Use the id of a doc (its path under content/docs without the extension), or null for none.',
          ),
        );
        continue;
      }
      if (nav) nav[side] = { title: target.frontMatter.pagination_label ?? target.sidebarLabel, href: target.route };
    }
  }
}

function resolveItem(
  item: SidebarItemInput,
  input: SidebarsInput,
  byId: Map<string, Doc>,
  errors: ErrorCollector,
): SidebarItem[] {
  if (typeof item === 'string' || item.type === 'doc') {
    const id = typeof item === 'string' ? item : item.id;
    const doc = lookupDoc(id, input, byId, errors);
    if (!doc) return [];
    const label = typeof item === 'string' ? doc.sidebarLabel : (item.label ?? doc.sidebarLabel);
    return [{ type: 'link', label, href: doc.route, docId: doc.id, description: doc.frontMatter.description }];
  }
  if (item.type === 'link') return [{ type: 'link', label: item.label, href: item.href }];
  if (item.type === 'autogenerated') return autogenerate(item.dirName, input, errors, true);
  const linked = item.link ? lookupDoc(item.link.id, input, byId, errors) : undefined;
  const items = item.items.flatMap((child) => resolveItem(child, input, byId, errors));
  const category: SidebarCategory = {
    type: 'category',
    label: item.label,
    collapsed: input.collapsible === false ? false : (item.collapsed ?? input.collapsed ?? true),
    // The doc the category's label opens is not listed again under it (an autogenerated folder's README).
    items: linked ? items.filter((i) => !(i.type === 'link' && i.docId === linked.id)) : items,
  };
  if (input.collapsible === false) category.collapsible = false;
  if (linked) {
    category.href = linked.route;
    category.docId = linked.id;
  }
  const description = item.description ?? linked?.frontMatter.description;
  if (description) category.description = description;
  return [category];
}

function lookupDoc(id: string, input: SidebarsInput, byId: Map<string, Doc>, errors: ErrorCollector): Doc | undefined {
  const doc = byId.get(id);
  if (!doc) {
    const lines = input.configSource.split('\n');
    const index = lines.findIndex((l) => l.includes(`'${id}'`) || l.includes(`"${id}"`));
    const near = [...byId.keys()].filter((known) => baseName(known) === baseName(id)).slice(0, 3);
    errors.add(
      new DocsItError(
        `sidebar refers to an unknown doc id "${id}"`,
        {
          file: input.configFile,
          line: index + 1 || undefined,
          column: index >= 0 ? lines[index]!.indexOf(id) : undefined,
        },
        near.length
          ? `Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?`
          : 'Doc ids are paths under content/docs without the extension.',
      ),
    );
  }
  return doc;
}

interface Ordered {
  item: SidebarItem;
  position: number | undefined;
  name: string;
}

/** A doc's entry in an autogenerated sidebar. */
const docLink = (doc: Doc): SidebarItem => ({
  type: 'link',
  label: doc.sidebarLabel,
  href: doc.route,
  docId: doc.id,
  description: doc.frontMatter.description,
  ...(doc.frontMatter.sidebar_class_name ? { className: doc.frontMatter.sidebar_class_name } : {}),
});

/**
 * The items of a docs folder: its docs and sub-folders (as categories), by position then by name. The folder's
 * own README/index is its first item when the folder is the one a sidebar names (`root`), as in Docusaurus; a
 * sub-folder's is the page of its category instead.
 */
/** The docs of a site by folder, made once per sidebars input: each folder's items without a scan of every doc. */
interface DocsByFolder {
  /** Every doc of each folder, in the docs' order. */
  docs: Map<string, Doc[]>;
  /** The sub-folders holding a listed doc, directly under each folder, in the order their first such doc comes. */
  subfolders: Map<string, string[]>;
  /** Each doc's id, and its place in the docs' order. */
  byId: Map<string, Doc>;
  order: Map<Doc, number>;
}

const folderIndexes = new WeakMap<SidebarsInput, DocsByFolder>();

function docsByFolder(input: SidebarsInput): DocsByFolder {
  let index = folderIndexes.get(input);
  if (index) return index;
  index = { docs: new Map(), subfolders: new Map(), byId: new Map(), order: new Map() };
  const seen = new Set<string>();
  for (const [i, doc] of input.docs.entries()) {
    index.order.set(doc, i);
    if (!index.byId.has(doc.id)) index.byId.set(doc.id, doc);
    const docs = index.docs.get(doc.dir) ?? [];
    if (docs.length === 0) index.docs.set(doc.dir, docs);
    docs.push(doc);
    if (doc.unlisted || doc.dir === '') continue;
    // Every folder above the doc's has the folder on the way to it as a sub-folder.
    const parts = doc.dir.split('/');
    for (let depth = 0; depth < parts.length; depth++) {
      const parent = parts.slice(0, depth).join('/');
      const sub = parts.slice(0, depth + 1).join('/');
      const key = `${parent}\0${sub}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const subs = index.subfolders.get(parent) ?? [];
      if (subs.length === 0) index.subfolders.set(parent, subs);
      subs.push(sub);
    }
  }
  folderIndexes.set(input, index);
  return index;
}

function autogenerate(dirName: string, input: SidebarsInput, errors: ErrorCollector, root = false): SidebarItem[] {
  // `.` is the docs folder itself, as in Docusaurus.
  const dir = dirName === '.' ? '' : dirName.replace(/^\.?\/|\/$/g, '');
  const folders = docsByFolder(input);
  const inDir = folders.docs.get(dir) ?? [];
  const indexOf = (docs: Doc[]) => docs.find((d) => d.isIndex && !d.unlisted);
  const entries: Ordered[] = [];
  const subdirs = folders.subfolders.get(dir) ?? [];
  const first = root ? indexOf(inDir) : undefined;
  for (const doc of inDir) {
    if (doc.unlisted || doc.isIndex) continue;
    entries.push({
      item: docLink(doc),
      position: doc.position,
      name: baseName(doc.id),
    });
  }
  if (entries.length === 0 && subdirs.length === 0 && inDir.length === 0) {
    errors.add(
      new DocsItError(
        `autogenerated sidebar folder "${dirName}" has no docs`,
        { file: input.configFile },
        'Point dirName at a folder under content/docs.',
      ),
    );
  }
  for (const sub of subdirs) {
    const meta = input.categories.get(sub) ?? {};
    // The first doc, in the docs' order, whose id is either.
    const candidates = meta.linkDoc
      ? [folders.byId.get(meta.linkDoc), folders.byId.get(`${sub}/${meta.linkDoc}`)].filter((d) => d !== undefined)
      : [];
    const linked = candidates.sort((a, b) => folders.order.get(a)! - folders.order.get(b)!)[0];
    const index = linked ?? indexOf(folders.docs.get(sub) ?? []);
    const items = autogenerate(sub, input, errors);
    if (items.length === 0 && !index) continue;
    const category: SidebarCategory = {
      type: 'category',
      label: meta.label ?? index?.sidebarLabel ?? baseName(sub),
      collapsed:
        meta.collapsible === false || input.collapsible === false ? false : (meta.collapsed ?? input.collapsed ?? true),
      items: linked ? items.filter((i) => !(i.type === 'link' && i.docId === linked.id)) : items,
    };
    if (meta.collapsible === false || input.collapsible === false) category.collapsible = false;
    if (meta.className) category.className = meta.className;
    if (index) {
      category.href = index.route;
      category.docId = index.id;
    } else if (meta.generatedIndex) {
      // Docusaurus's routes: `category/<label>` under the docs, or the `slug` given.
      const slug = meta.generatedIndex.slug?.replace(/^\/+|\/+$/g, '') || `category/${slugOfLabel(category.label)}`;
      category.href = joinRoute(input.docsBase, slug);
      category.generatedIndex = { title: meta.generatedIndex.title ?? category.label };
      const description = meta.generatedIndex.description ?? meta.description;
      if (description) category.generatedIndex.description = description;
    }
    const description = meta.description ?? index?.frontMatter.description;
    if (description) category.description = description;
    entries.push({ item: category, position: meta.position ?? index?.position, name: baseName(sub) });
  }
  entries.sort((a, b) => {
    const pa = a.position ?? Number.POSITIVE_INFINITY;
    const pb = b.position ?? Number.POSITIVE_INFINITY;
    if (pa !== pb) return pa - pb;
    return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  });
  const items = entries.map((e) => e.item);
  return first ? [docLink(first), ...items] : items;
}
