import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
/*
 * What docs-it understands of a Docusaurus config, as one table: each row is a Docusaurus option and either how it
 * is written into `site.config.ts` or why it is left out. Supporting one more option is one row; an option that
 * has no row is reported as unknown, so nothing is dropped without a word.
 */
import { type DocsIndex, docRouteOf } from './docs-index';
import { functionName, functionSource, type PlainValue } from './evaluate-module';

/** An option the import could not carry, and why. */
export interface Leftover {
  /** The Docusaurus option, e.g. `themeConfig.prism` or `themeConfig.navbar.items[3]`. */
  option: string;
  reason: string;
}

/** The docs-it config being made, as plain data (written out as `site.config.ts`). */
export type Draft = Record<string, unknown>;

export interface MappingContext {
  docs: DocsIndex;
  /** The docs' route base (after `docs.routeBasePath` was read). */
  docsRouteBase: string;
  /** The Docusaurus site's folder (paths the config resolved, such as `customCss`, are made relative to it). */
  siteDir: string;
  /** The ids of the docs' sidebars (navbar items name them). */
  sidebarIds: readonly string[];
  /** The routes of the site's React pages, which the import does not carry (`/users` → `src/pages/users.js`). */
  reactPageRoutes?: ReadonlyMap<string, string>;
}

type Carry = (value: PlainValue, draft: Draft, context: MappingContext, option: string) => Leftover[] | undefined;

interface Row {
  /** The option in the config's view (see `viewOf`): `title`, `themeConfig.navbar`, `docs.editUrl`… */
  from: string;
  carry?: Carry;
  leftOut?: string;
}

/** Sets `path` (dotted) in the draft. */
function put(draft: Draft, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let at = draft;
  for (const key of keys.slice(0, -1)) {
    at[key] ??= {};
    at = at[key] as Draft;
  }
  at[keys.at(-1)!] = value;
}

const isObject = (v: PlainValue | undefined): v is { [key: string]: PlainValue } =>
  v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v) && functionName(v) === undefined;

/** A row that copies a value of one JSON type to a docs-it key (a function or another type is a leftover). */
const copy =
  (to: string, type: 'string' | 'number' | 'boolean', convert: (v: never) => unknown = (v) => v): Carry =>
  (value, draft, _context, option) => {
    if (typeof value !== type) {
      const fn = functionName(value);
      return [{ option, reason: fn ? 'a function: docs-it takes a fixed value here' : `not a ${type}` }];
    }
    put(draft, to, convert(value as never));
    return undefined;
  };

/** Keys of an object that a conversion did not use, as leftovers. */
const unusedKeys = (value: { [key: string]: PlainValue }, used: readonly string[], option: string): Leftover[] =>
  Object.keys(value)
    .filter((key) => !used.includes(key))
    .map((key) => ({ option: `${option}.${key}`, reason: 'no docs-it counterpart' }));

const staticPath = (src: string) => src.replace(/^\/+/, '');

/**
 * A link's `to` as a path of the site: Docusaurus puts the base URL in front of one written without a leading
 * slash (`to: 'motivation'` is `/motivation`), as it does of one with.
 */
const routeOf = (to: string) => (/^([a-z][a-z\d+.-]*:|\/|#)/i.test(to) ? to : `/${to}`);

/** A link of the navbar, a dropdown or the footer: `to` is a route, `href` any URL; a doc item names its route. */
function linkItem(item: PlainValue, context: MappingContext, option: string, extra: readonly string[] = []) {
  if (!isObject(item)) return { leftovers: [{ option, reason: 'not a link item' }] };
  const leftovers: Leftover[] = [];
  const link: Record<string, unknown> = {};
  const type = item.type ?? 'default';
  if (type === 'doc' && typeof item.docId === 'string') {
    link.label = typeof item.label === 'string' ? item.label : (context.docs.titleOf(item.docId) ?? item.docId);
    link.to = docRouteOf(context.docs, item.docId, context.docsRouteBase);
    leftovers.push(...unusedKeys(item, ['type', 'docId', 'label', ...extra], option));
    return { link, leftovers };
  }
  if (type === 'default' && typeof item.html === 'string' && item.label === undefined && extra.includes('html')) {
    return { link: { html: item.html }, leftovers: unusedKeys(item, ['html', ...extra], option) };
  }
  if (type !== 'default' || (typeof item.html === 'string' && item.label === undefined)) {
    return {
      leftovers: [{ option, reason: `a "${String(type === 'default' ? 'html' : type)}" item: no docs-it counterpart` }],
    };
  }
  link.label = typeof item.label === 'string' ? item.label : '';
  if (typeof item.to === 'string') {
    link.to = routeOf(item.to);
    const page = context.reactPageRoutes?.get(
      String(link.to)
        .replace(/[?#].*$/, '')
        .replace(/(.)\/$/, '$1'),
    );
    if (page) return { leftovers: [{ option, reason: `links to ${page}, a React page the import does not carry` }] };
  }
  if (typeof item.href === 'string') link.href = item.href;
  if (typeof item.rel === 'string') link.rel = item.rel;
  leftovers.push(...unusedKeys(item, ['type', 'label', 'to', 'href', 'rel', ...extra], option));
  return { link, leftovers };
}

/** Docs of another docs-plugin instance (`docsPluginId`), which docs-it does not build. */
const otherInstance = (item: { [key: string]: PlainValue }, option: string): Leftover[] | undefined =>
  typeof item.docsPluginId === 'string' && item.docsPluginId !== 'default'
    ? [{ option, reason: `docs of the docs instance "${item.docsPluginId}": docs-it builds one, the default` }]
    : undefined;

const navbarItem = (item: PlainValue, context: MappingContext, option: string) => {
  if (!isObject(item)) return { leftovers: [{ option, reason: 'not a navbar item' }] };
  const elsewhere = otherInstance(item, option);
  if (elsewhere) return { leftovers: elsewhere };
  const position = item.position === 'right' ? 'right' : 'left';
  // As in Docusaurus, an item with `items` and no type is a dropdown.
  const type = typeof item.type === 'string' ? item.type : Array.isArray(item.items) ? 'dropdown' : 'default';
  const rest = (used: string[]) => unusedKeys(item, ['type', 'position', ...used], option);
  switch (type) {
    case 'docSidebar':
      if (!context.sidebarIds.includes(String(item.sidebarId))) {
        const known = context.sidebarIds.map((id) => `"${id}"`).join(', ') || 'none';
        return {
          leftovers: [
            { option, reason: `no sidebar "${String(item.sidebarId)}" in the docs' sidebars (they are ${known})` },
          ],
        };
      }
      return {
        item: { type, label: String(item.label ?? item.sidebarId), sidebarId: String(item.sidebarId), position },
        leftovers: rest(['label', 'sidebarId']),
      };
    case 'dropdown': {
      const leftovers: Leftover[] = rest(['label', 'items']);
      const items = (Array.isArray(item.items) ? item.items : []).flatMap((sub, i) => {
        const made = linkItem(sub, context, `${option}.items[${i}]`);
        leftovers.push(...made.leftovers);
        return made.link ? [made.link] : [];
      });
      if (items.length === 0) return { leftovers: [...leftovers, { option, reason: 'a dropdown without links' }] };
      return { item: { type, label: String(item.label ?? ''), items, position }, leftovers };
    }
    case 'localeDropdown':
    case 'docsVersionDropdown':
      return { item: { type, position }, leftovers: rest([]) };
    case 'search':
      return { leftovers: [{ option, reason: 'docs-it always shows its search button' }] };
    default: {
      const made = linkItem(item, context, option, ['position']);
      return made.link ? { item: { type: 'link', ...made.link, position }, leftovers: made.leftovers } : made;
    }
  }
};

const carryNavbar: Carry = (value, draft, context, option) => {
  if (!isObject(value)) return [{ option, reason: 'not an object' }];
  const leftovers = unusedKeys(value, ['title', 'logo', 'hideOnScroll', 'items'], option);
  put(draft, 'navbar.title', typeof value.title === 'string' ? value.title : '');
  put(draft, 'navbar.hideOnScroll', value.hideOnScroll === true);
  if (isObject(value.logo) && typeof value.logo.src === 'string') {
    const logo: Record<string, unknown> = { alt: String(value.logo.alt ?? ''), src: staticPath(value.logo.src) };
    if (typeof value.logo.srcDark === 'string') logo.srcDark = staticPath(value.logo.srcDark);
    put(draft, 'navbar.logo', logo);
    leftovers.push(...unusedKeys(value.logo, ['alt', 'src', 'srcDark'], `${option}.logo`));
  }
  const items = (Array.isArray(value.items) ? value.items : []).flatMap((item, i) => {
    const made = navbarItem(item, context, `${option}.items[${i}]`);
    leftovers.push(...made.leftovers);
    return 'item' in made && made.item ? [made.item] : [];
  });
  put(draft, 'navbar.items', items);
  return leftovers;
};

const carryFooter: Carry = (value, draft, context, option) => {
  if (!isObject(value)) return [{ option, reason: 'not an object' }];
  const leftovers = unusedKeys(value, ['links', 'copyright'], option);
  const links = Array.isArray(value.links) ? value.links : [];
  // A footer is columns of links, or (a "simple footer") one row of links: that row becomes one column.
  const columns = links.every((l) => isObject(l) && Array.isArray(l.items))
    ? links.map((l, i) => ({ column: l as { [key: string]: PlainValue }, at: `${option}.links[${i}]` }))
    : [{ column: { title: '', items: links } as { [key: string]: PlainValue }, at: `${option}.links` }];
  put(
    draft,
    'footer.columns',
    columns.map(({ column, at }) => ({
      title: typeof column.title === 'string' ? column.title : '',
      items: (column.items as PlainValue[]).flatMap((item, i) => {
        // The footer shows an `html` item as it is, as Docusaurus does.
        const made = linkItem(item, context, `${at}.items[${i}]`, ['html']);
        leftovers.push(...made.leftovers);
        return made.link ? [made.link] : [];
      }),
    })),
  );
  put(draft, 'footer.copyright', typeof value.copyright === 'string' ? value.copyright : '');
  return leftovers;
};

const carryAnnouncementBar: Carry = (value, draft, _context, option) => {
  if (!isObject(value) || typeof value.content !== 'string') return [{ option, reason: 'no `content`' }];
  put(draft, 'announcementBar', {
    id: String(value.id ?? 'announcement-bar'),
    content: value.content,
    backgroundColor: String(value.backgroundColor ?? '#fff'),
    textColor: String(value.textColor ?? '#000'),
    isCloseable: value.isCloseable !== false,
  });
  return unusedKeys(value, ['id', 'content', 'backgroundColor', 'textColor', 'isCloseable'], option);
};

const carryColorMode: Carry = (value, draft, _context, option) => {
  if (!isObject(value)) return [{ option, reason: 'not an object' }];
  // Docusaurus's defaults, written out: docs-it's differ (dark, following the system).
  put(draft, 'colorMode', {
    defaultMode: value.defaultMode === 'dark' ? 'dark' : 'light',
    respectPrefersColorScheme: value.respectPrefersColorScheme === true,
    disableSwitch: value.disableSwitch === true,
  });
  return unusedKeys(value, ['defaultMode', 'respectPrefersColorScheme', 'disableSwitch'], option);
};

/** Locale codes as docs-it writes them in URLs (`pt-BR` → `pt-br`). */
const localeCode = (code: string) => code.toLowerCase();

const carryI18n: Carry = (value, draft, _context, option) => {
  if (!isObject(value) || typeof value.defaultLocale !== 'string') return [{ option, reason: 'no `defaultLocale`' }];
  const codes = Array.isArray(value.locales) ? value.locales.filter((c) => typeof c === 'string') : [];
  const configs = isObject(value.localeConfigs) ? value.localeConfigs : {};
  const locales = (codes.length > 0 ? codes : [value.defaultLocale]).map((code) => {
    const c = isObject(configs[code]) ? configs[code] : {};
    return {
      code: localeCode(code),
      label: String(c.label ?? code),
      direction: c.direction === 'rtl' ? 'rtl' : 'ltr',
      htmlLang: String(c.htmlLang ?? code),
      calendar: String(c.calendar ?? 'gregory'),
      path: String(c.path ?? code),
    };
  });
  const main = localeCode(value.defaultLocale);
  put(draft, 'i18n', { defaultLocale: main, currentLocale: main, locales });
  const leftovers = unusedKeys(value, ['defaultLocale', 'locales', 'localeConfigs'], option);
  if (locales.length > 1) {
    leftovers.push({
      option: `${option}.locales`,
      reason: `docs-it builds one locale per site: this one is in "${main}"; the others are listed for the dropdown`,
    });
  }
  return leftovers;
};

const oneVersion = 'docs-it builds one version of the docs, the current one (content/docs)';

/** The current version's label; other versions are not built. */
const carryVersions: Carry = (value, draft, _context, option) => {
  if (!isObject(value)) return [{ option, reason: 'not an object' }];
  const leftovers: Leftover[] = [];
  for (const [name, version] of Object.entries(value)) {
    if (name !== 'current') {
      leftovers.push({ option: `${option}.${name}`, reason: oneVersion });
      continue;
    }
    if (!isObject(version)) continue;
    if (typeof version.label === 'string') put(draft, 'docs.version.label', version.label);
    // Its `path` is read by the import into the docs' base path.
    leftovers.push(...unusedKeys(version, ['label', 'path'], `${option}.current`));
  }
  return leftovers;
};

/** `stylesheets` from elsewhere: URLs, or `{ href, integrity, crossorigin }`, as docs-it takes them. */
const carryStylesheets: Carry = (value, draft, _context, option) => {
  if (!Array.isArray(value)) return [{ option, reason: 'not a list' }];
  const leftovers: Leftover[] = [];
  const list = value.flatMap((entry, i): PlainValue[] => {
    if (typeof entry === 'string') return [entry];
    if (isObject(entry) && typeof entry.href === 'string') {
      const kept = Object.fromEntries(
        Object.entries(entry).filter(([key]) => ['href', 'integrity', 'crossorigin'].includes(key)),
      );
      leftovers.push(...unusedKeys(entry, ['href', 'integrity', 'crossorigin', 'rel', 'type'], `${option}[${i}]`));
      return [kept];
    }
    leftovers.push({ option: `${option}[${i}]`, reason: 'not a URL nor { href }' });
    return [];
  });
  put(draft, 'stylesheets', list);
  return leftovers;
};

/** `customFields`: read by the site's components through `useDocusaurusContext()`, as they are. */
const carryCustomFields: Carry = (value, draft, _context, option) => {
  if (!isObject(value)) return [{ option, reason: 'not an object' }];
  put(draft, 'customFields', value);
  return undefined;
};

/** What Docusaurus gives an `editUrl` function, for a doc and for a post: a sample to try the function on. */
const editUrlSamples = {
  docs: {
    docPath: 'intro.md',
    versionDocsDirPath: 'docs',
    docsDirPath: 'docs',
    locale: 'en',
    version: 'current',
    permalink: '/docs/intro',
  },
  blog: { blogPath: 'welcome.md', blogDirPath: 'blog', locale: 'en', permalink: '/blog/welcome' },
};

/**
 * `editUrl`: a URL as it is; a function written into `site.config.ts` as its source when it is self-contained (it
 * runs on its arguments alone: tried on a sample file, in a context that has nothing of the config's module), else
 * left out, naming what it uses from outside.
 */
function carryEditUrl(section: 'docs' | 'blog'): Carry {
  return (value, draft, _context, option) => {
    if (typeof value === 'string') {
      put(draft, `${section}.editUrl`, value);
      return undefined;
    }
    const source = functionSource(value);
    if (source === undefined) return [{ option, reason: 'not a URL nor a function' }];
    let fn: unknown;
    try {
      fn = runInNewContext(`(${source})`, {}, { timeout: 1000 });
      const url = typeof fn === 'function' ? (fn as (params: object) => unknown)(editUrlSamples[section]) : undefined;
      if (typeof url !== 'string' && url !== undefined) throw new TypeError(`it returned ${typeof url}, not a URL`);
    } catch (error) {
      const outside = /^(\S+) is not defined/.exec((error as Error)?.message ?? '')?.[1];
      return [
        {
          option,
          reason: outside
            ? `a function that uses ${outside}, defined outside it: write the URL (or a function of its own) by hand`
            : `a function that fails on a sample file (${(error as Error)?.message}): write the URL by hand`,
        },
      ];
    }
    put(draft, `${section}.editUrl`, fn);
    return undefined;
  };
}

/** A row whose option is read elsewhere by the import (folders, sidebars): nothing to write here. */
const readByImport: Carry = () => undefined;

const plugins = 'remark and rehype plugins of the site are not run by docs-it';
const deploy = 'a setting of `docusaurus deploy`: deploy the build folder docs-it writes';

/** The table. */
export const mappingRows: readonly Row[] = [
  { from: 'title', carry: copy('title', 'string') },
  { from: 'tagline', carry: copy('tagline', 'string') },
  { from: 'customFields', carry: carryCustomFields },
  { from: 'url', carry: copy('url', 'string', (v: string) => v.replace(/\/+$/, '')) },
  { from: 'baseUrl', carry: copy('baseUrl', 'string') },
  { from: 'favicon', carry: copy('favicon', 'string', staticPath) },
  { from: 'i18n', carry: carryI18n },
  { from: 'themeConfig.navbar', carry: carryNavbar },
  { from: 'themeConfig.footer', carry: carryFooter },
  { from: 'themeConfig.announcementBar', carry: carryAnnouncementBar },
  { from: 'themeConfig.colorMode', carry: carryColorMode },
  { from: 'docs.path', carry: readByImport },
  { from: 'docs.sidebarPath', carry: readByImport },
  { from: 'docs.versions', carry: carryVersions },
  { from: 'docs.lastVersion', leftOut: oneVersion },
  { from: 'docs.includeCurrentVersion', leftOut: oneVersion },
  { from: 'docs.onlyIncludeVersions', leftOut: oneVersion },
  {
    from: 'docs.routeBasePath',
    carry: copy('docs.routeBasePath', 'string', (v: string) => v.replace(/^\/+|\/+$/g, '')),
  },
  { from: 'docs.editUrl', carry: carryEditUrl('docs') },
  { from: 'docs.showLastUpdateTime', carry: copy('docs.showLastUpdateTime', 'boolean') },
  { from: 'docs.showLastUpdateAuthor', carry: copy('docs.showLastUpdateAuthor', 'boolean') },
  { from: 'docs.breadcrumbs', carry: copy('docs.breadcrumbs', 'boolean') },
  { from: 'docs.sidebarCollapsed', carry: copy('docs.sidebarCollapsed', 'boolean') },
  { from: 'docs.sidebarCollapsible', carry: copy('docs.sidebarCollapsible', 'boolean') },
  { from: 'stylesheets', carry: carryStylesheets },
  { from: 'blog.path', carry: readByImport },
  { from: 'blog.blogTitle', carry: copy('blog.title', 'string') },
  { from: 'blog.blogDescription', carry: copy('blog.description', 'string') },
  { from: 'blog.postsPerPage', carry: copy('blog.postsPerPage', 'number') },
  { from: 'blog.blogSidebarCount', carry: copy('blog.recentPosts', 'number') },
  { from: 'blog.editUrl', carry: carryEditUrl('blog') },
  { from: 'pages.path', carry: readByImport },
  { from: 'markdown.mermaid', carry: readByImport },
  { from: 'docs', leftOut: 'turned off in Docusaurus; a docs-it site always has docs (copy some into content/docs)' },
  { from: 'blog', leftOut: 'turned off in Docusaurus; docs-it builds a blog, empty while content/blog is' },
  { from: 'onBrokenLinks', carry: brokenLinkChoice('onBrokenLinks') },
  { from: 'onBrokenAnchors', carry: brokenLinkChoice('onBrokenAnchors') },
  { from: 'onBrokenMarkdownLinks', carry: brokenLinkChoice('onBrokenMarkdownLinks') },
  { from: 'markdown.hooks', carry: carryMarkdownHooks },
  { from: 'organizationName', leftOut: deploy },
  { from: 'projectName', leftOut: deploy },
  { from: 'deploymentBranch', leftOut: deploy },
  { from: 'themeConfig.prism', leftOut: 'docs-it highlights code with Shiki and its own colours' },
  { from: 'themeConfig.algolia', leftOut: 'docs-it searches its own local index or Meilisearch (`search`)' },
  { from: 'docs.remarkPlugins', leftOut: plugins },
  { from: 'docs.rehypePlugins', leftOut: plugins },
  { from: 'docs.beforeDefaultRemarkPlugins', leftOut: plugins },
  { from: 'docs.beforeDefaultRehypePlugins', leftOut: plugins },
  { from: 'blog.remarkPlugins', leftOut: plugins },
  { from: 'blog.rehypePlugins', leftOut: plugins },
  { from: 'theme.customCss', carry: carryCustomCss },
  { from: 'preset.sitemap', leftOut: 'docs-it writes its own sitemap.xml (its options are not read)' },
];

/** `onBroken…`: docs-it takes Docusaurus's choices under the same names; `log` (print, go on) is a warning. */
function brokenLinkChoice(to: string): Carry {
  return (value, draft, _context, option) => {
    if (value === 'throw' || value === 'warn' || value === 'ignore' || value === 'log') {
      put(draft, to, value === 'log' ? 'warn' : value);
      return undefined;
    }
    return [{ option, reason: `${JSON.stringify(value)}: docs-it takes 'throw', 'warn' or 'ignore'` }];
  };
}

/** The targets a package.json `exports` value maps a subpath to (every condition's). */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(exportTargets);
  if (value && typeof value === 'object') return Object.values(value).flatMap(exportTargets);
  return [];
}

/**
 * How the site would import a file of an installed package (`…/node_modules/react-tweet/dist/twitter-theme/
 * theme.css` → `react-tweet/theme.css`): by the subpath its `exports` give it, else by its path in the package.
 * Undefined when the file is in no package, or its package does not export it.
 */
export function packageSpecifierOf(file: string): string | undefined {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const nameParts = parts[at + 1]?.startsWith('@') ? parts.slice(at + 1, at + 3) : parts.slice(at + 1, at + 2);
  const name = nameParts.join('/');
  const subpath = parts.slice(at + 1 + nameParts.length).join('/');
  const manifest = path.join(parts.slice(0, at + 1 + nameParts.length).join(path.sep), 'package.json');
  let exports: unknown;
  try {
    exports = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown }).exports;
  } catch {
    return undefined;
  }
  if (exports === undefined) return `${name}/${subpath}`;
  const map = typeof exports === 'object' && exports && !Array.isArray(exports) ? exports : { '.': exports };
  for (const [key, value] of Object.entries(map)) {
    if (key.startsWith('.') && exportTargets(value).includes(`./${subpath}`)) return path.posix.join(name, key);
  }
  return undefined;
}

/** Docusaurus 3.9's place for `onBrokenMarkdownLinks`: `markdown.hooks`. */
function carryMarkdownHooks(...[value, draft, context, option]: Parameters<Carry>): ReturnType<Carry> {
  if (!isObject(value)) return [{ option, reason: 'not an object' }];
  const leftovers = unusedKeys(value, ['onBrokenMarkdownLinks'], option);
  if (value.onBrokenMarkdownLinks !== undefined) {
    const carry = brokenLinkChoice('onBrokenMarkdownLinks');
    leftovers.push(...(carry(value.onBrokenMarkdownLinks, draft, context, `${option}.onBrokenMarkdownLinks`) ?? []));
  }
  return leftovers;
}

/**
 * The site's stylesheets, as paths from the site's folder (the config usually resolves them to absolute paths);
 * the import copies `src/css`, so a stylesheet elsewhere is named to copy by hand. A stylesheet of an installed
 * package (`require.resolve('react-tweet/theme.css')`) is named as the package exports it.
 */
function carryCustomCss(...[value, draft, context, option]: Parameters<Carry>): ReturnType<Carry> {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  const paths = list.filter((v): v is string => typeof v === 'string');
  if (paths.length === 0 || paths.length !== list.length) return [{ option, reason: 'not a path or a list of paths' }];
  const leftovers: Leftover[] = [];
  const carried = paths.flatMap((file) => {
    const abs = path.resolve(context.siteDir, file);
    if (abs.split(path.sep).includes('node_modules')) {
      const specifier = existsSync(abs) ? packageSpecifierOf(abs) : undefined;
      if (specifier) return [specifier];
      leftovers.push({ option, reason: `${file}: a file of a package that does not export it: copy it into src/css` });
      return [];
    }
    const rel = path.relative(context.siteDir, abs).split(path.sep).join('/');
    if (!rel.startsWith('src/css/')) {
      leftovers.push({ option, reason: `./${rel} is not under src/css, which the import copies: copy it` });
    }
    return [`./${rel}`];
  });
  put(draft, 'customCss', carried);
  return leftovers;
}

const rowOf = new Map(mappingRows.map((row) => [row.from, row]));

/**
 * Carries one option of the view: its row's conversion, its row's reason for leaving it out, or (no row) an
 * option docs-it does not know. Returns whether it was carried, and what was left.
 */
export function carryOption(
  option: string,
  value: PlainValue,
  draft: Draft,
  context: MappingContext,
): { carried: boolean; leftovers: Leftover[] } {
  const row = rowOf.get(option);
  if (row?.carry) {
    const leftovers = row.carry(value, draft, context, option) ?? [];
    return { carried: !leftovers.some((l) => l.option === option), leftovers };
  }
  return { carried: false, leftovers: [{ option, reason: row?.leftOut ?? 'not an option docs-it knows' }] };
}
