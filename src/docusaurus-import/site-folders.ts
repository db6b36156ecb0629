import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { themeNamesImported } from '../config/site-code-theme-names';
import { themeEntries } from '../config/site-theme-files';
import type { Copy, ReportEntry } from './import-report';
import { overrideBlocker, themeFileKind } from './theme-components';

export interface SiteFolderPaths {
  docsDir: string;
  blogDir: string;
  pagesDir: string;
  staticDirs: string[];
  defaultLocale: string;
}

const reactPage = /\.(js|jsx|ts|tsx)$/;
const posix = (p: string) => p.split(path.sep).join('/');

/**
 * What the import copies of a Docusaurus site's folders (docs, blog, static, Markdown pages and the files beside
 * them, `src/components`, `src/css`, the site's own components in `src/theme`, interface strings) and what it
 * reports of them: React pages, swizzled theme components, translations.
 */
export function siteFolders(siteDir: string, paths: SiteFolderPaths): { copies: Copy[]; notCarried: ReportEntry[] } {
  const { docsDir, blogDir, pagesDir, staticDirs, defaultLocale } = paths;
  const notCarried: ReportEntry[] = [];
  const copies: { from: string; to: string; count: string }[] = [
    { from: docsDir, to: 'content/docs', count: 'content/docs' },
    { from: blogDir, to: 'content/blog', count: 'content/blog' },
    ...staticDirs.map((dir) => ({ from: dir, to: 'content/static', count: 'content/static' })),
  ];
  const pageFiles = existsSync(pagesDir)
    ? fg.sync('**/*', { cwd: pagesDir, ignore: ['**/node_modules/**'], dot: true }).sort()
    : [];
  const relPages = posix(path.relative(siteDir, pagesDir));
  for (const file of pageFiles) {
    const reportAs = (what: string, reason: string) => notCarried.push({ file: `${relPages}/${file}`, what, reason });
    // Markdown pages, and the images and files they name beside them, are copied; code and styles belong to the
    // React pages.
    if (!reactPage.test(file) && !/\.(css|scss|sass|less)$/.test(file)) {
      copies.push({ from: path.join(pagesDir, file), to: `content/pages/${file}`, count: 'content/pages' });
    } else if (reactPage.test(file) && !/(^|\/)_/.test(file)) {
      reportAs('a React page', 'docs-it pages are Markdown or MDX: write it as an .mdx page in content/pages');
    } else reportAs('code or styles of the React pages', 'not a Markdown page');
  }
  // The site's own components under src/theme are copied when a page or a component imports them (docs-it reads
  // them as Docusaurus does), and so are the overrides of the theme components docs-it has when they build with
  // docs-it's modules; the others are named, with why they are not.
  const themeDir = path.join(siteDir, 'src/theme');
  const markdown = [docsDir, blogDir, pagesDir].flatMap((dir) =>
    existsSync(dir)
      ? fg.sync('**/*.{md,mdx}', { cwd: dir, ignore: ['**/node_modules/**'] }).map((f) => path.join(dir, f))
      : [],
  );
  const imported = themeNamesImported(
    siteDir,
    markdown.map((file) => readFileSync(file, 'utf8')),
    ['src/components', 'src/theme'],
  );
  // Styles and images beside the components.
  for (const entry of existsSync(themeDir) ? readdirSync(themeDir).sort() : []) {
    const full = path.join(themeDir, entry);
    if (!statSync(full).isDirectory() && !/\.[jt]sx?$/.test(entry))
      copies.push({ from: full, to: `src/theme/${entry}`, count: 'src/theme' });
  }
  for (const { name, file, isDir } of themeEntries(siteDir)) {
    const from = isDir ? path.dirname(file) : file;
    const rel = posix(path.relative(siteDir, from));
    const kind = themeFileKind(name);
    const blocker = kind === 'override' ? overrideBlocker(siteDir, file, isDir) : undefined;
    if ((kind === 'site component' && imported.has(name)) || (kind === 'override' && !blocker)) {
      copies.push({ from, to: rel, count: 'src/theme' });
      continue;
    }
    notCarried.push({
      file: posix(path.relative(siteDir, file)),
      what: kind === 'site component' ? `site component "${name}" (@theme/${name})` : `swizzled component "${name}"`,
      reason:
        kind === 'override'
          ? `not carried as docs-it's override of ${name}: ${blocker}`
          : kind === 'swizzled layout'
            ? 'no docs-it counterpart: docs-it’s layout is its own'
            : 'no page or component imports it: not copied',
    });
  }
  for (const dir of ['src/components', 'src/css']) {
    if (existsSync(path.join(siteDir, dir))) copies.push({ from: path.join(siteDir, dir), to: dir, count: dir });
  }
  notCarried.push(...connectOrigins(siteDir, copies));
  const i18nDir = path.join(siteDir, 'i18n');
  for (const locale of existsSync(i18nDir) ? readdirSync(i18nDir).sort() : []) {
    const codeJson = path.join(i18nDir, locale, 'code.json');
    if (existsSync(codeJson)) {
      copies.push({ from: codeJson, to: `i18n/${locale}/code.json`, count: 'i18n' });
      notCarried.push({
        file: `i18n/${locale}/code.json`,
        what: 'interface strings',
        reason: 'copied, not read: docs-it uses its own catalogue of interface strings',
      });
    }
    const rest = readdirSync(path.join(i18nDir, locale)).filter((e) => e !== 'code.json');
    for (const entry of rest.sort()) {
      // The default locale's folder holds texts of the site's own language (navbar, footer, sidebar labels).
      notCarried.push(
        locale === defaultLocale
          ? {
              file: `i18n/${locale}/${entry}`,
              what: 'texts of the site’s own language',
              reason: 'not read: the texts of the config and the docs are used as they are',
            }
          : {
              file: `i18n/${locale}/${entry}`,
              what: `the "${locale}" translation`,
              reason: 'docs-it builds one locale per site: import it as a site of its own',
            },
      );
    }
  }

  for (const folder of ['versioned_docs', 'versioned_sidebars']) {
    if (existsSync(path.join(siteDir, folder))) {
      notCarried.push({
        file: folder,
        what: 'older versions of the docs',
        reason: 'docs-it builds one version of the docs, the current one (content/docs)',
      });
    }
  }
  return { copies, notCarried };
}

/**
 * Where the copied site code connects to another origin, as written (`fetch('https://…')`, a WebSocket, or a
 * `host:`/`url:`/`endpoint:` option of a search or API client): Docusaurus sends no Content-Security-Policy, docs-it
 * does, and its `connect-src` lets pages reach only their own origin, so such a component would fail in the browser
 * with nothing said at build time. Each is named with what to add to the config.
 */
const connectCall = String.raw`(?:\b(?:fetch|WebSocket|EventSource)\(\s*|\b(?:host|url|endpoint|apiUrl)\s*:\s*)`;
const connectTarget = new RegExp(String.raw`${connectCall}['"\`]((?:https?|wss?)://[^/'"\`\s]+)`, 'g');

function connectOrigins(siteDir: string, copies: readonly Copy[]): ReportEntry[] {
  const found: ReportEntry[] = [];
  for (const copy of copies) {
    if (copy.count !== 'src/theme' && copy.count !== 'src/components') continue;
    const files = statSync(copy.from).isDirectory()
      ? fg.sync('**/*.{js,jsx,ts,tsx}', { cwd: copy.from, absolute: true, ignore: ['**/node_modules/**'] }).sort()
      : /\.[jt]sx?$/.test(copy.from)
        ? [copy.from]
        : [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(connectTarget)) {
        const origin = match[1]!;
        found.push({
          file: posix(path.relative(siteDir, file)),
          line: text.slice(0, match.index).split('\n').length,
          what: `a connection to ${origin}`,
          reason:
            "docs-it's Content-Security-Policy lets pages connect only to their own origin: if this code reaches " +
            `${origin}, add it to the config: csp: { 'connect-src': ['${origin}'] }`,
        });
      }
    }
  }
  return found;
}
