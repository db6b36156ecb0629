import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { isSiteThemeName } from '../config/site-theme-files';
import { builtinModules, isBuiltinModule } from '../shared/builtin-modules';
import { isThemeComponentName } from '../shared/theme-components';

/**
 * What a file under a Docusaurus site's `src/theme` is to docs-it, by its name: a theme component docs-it lets a
 * site override (`DocCard`, `Footer`…: carried when it builds with docs-it's modules), a part of Docusaurus's
 * layout (swizzled: docs-it's layout has no such part to replace), or a component of the site's own that pages
 * import as `@theme/Name`.
 */
export type ThemeFileKind = 'override' | 'swizzled layout' | 'site component';

/** Docusaurus's classic theme components a site swizzles to change its layout. */
const layoutComponents = new Set([
  ...['AnnouncementBar', 'BackToTopButton', 'BlogLayout', 'BlogListPage', 'BlogPostPage'],
  ...['BlogPostPaginator', 'BlogSidebar', 'BlogTagsListPage', 'BlogTagsPostsPage', 'ColorModeToggle', 'DocBreadcrumbs'],
  ...['DocItem', 'DocPage', 'DocPaginator', 'DocRoot', 'DocSidebar', 'DocSidebarItem', 'DocSidebarItems'],
  ...['DocTagDocListPage', 'DocVersionBadge', 'DocVersionBanner', 'DocVersionRoot', 'DocsRoot', 'EditThisPage'],
  ...['Heading', 'Icon', 'LastUpdated', 'Layout', 'MDXComponents', 'MDXContent', 'MDXPage'],
  ...['NavbarItem', 'PaginatorNavLink', 'Root', 'SearchPage', 'SkipToContent'],
  ...['TOC', 'TOCCollapsible', 'TOCItems', 'Tag', 'TagsListInline', 'ThemedImage', 'prism-include-languages'],
]);

export function themeFileKind(name: string): ThemeFileKind {
  if (isThemeComponentName(name)) return 'override';
  const top = name.split('/')[0]!;
  // A part of an overridable component (`Navbar/Layout`) is a part of Docusaurus's layout too.
  if (layoutComponents.has(name) || layoutComponents.has(top) || isThemeComponentName(top)) return 'swizzled layout';
  return 'site component';
}

/** `import a, { b, c as d } from 'x'`, `import * as n from 'x'`, `import 'x'`, `require('x')`: module and names. */
const importStatement = new RegExp(
  String.raw`\bimport\s+(?:type\s+)?(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s+[\w$]+)?\s*` +
    String.raw`(?:from\s*)?['"]([^'"]+)['"]` +
    String.raw`|\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)`,
  'g',
);

/** The modules a file imports, each with the names it takes from it (`default` for a default import). */
function importsOf(text: string): { spec: string; names: string[] }[] {
  return Array.from(text.matchAll(importStatement), (m) => {
    const names = [
      ...(m[1] ? ['default'] : []),
      ...(m[2] ?? '')
        .split(',')
        .map((part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!
            .trim(),
        )
        .filter(Boolean),
    ];
    return { spec: (m[3] ?? m[4])!, names };
  });
}

/**
 * Why a swizzled component that docs-it lets a site override would not build with docs-it's modules, or undefined
 * when it would: every Docusaurus module its files import (`@theme/…`, `@docusaurus/…`, `@theme-original/…`) must
 * be one docs-it provides, with the names it takes, or a file of the site's own `src/theme`.
 */
export function overrideBlocker(siteDir: string, file: string, isDir: boolean): string | undefined {
  const files = isDir
    ? fg.sync('**/*.{js,jsx,ts,tsx}', { cwd: path.dirname(file), absolute: true, ignore: ['**/node_modules/**'] })
    : [file];
  const missing: string[] = [];
  for (const code of files.sort()) {
    for (const { spec, names } of importsOf(readFileSync(code, 'utf8'))) {
      if (spec.startsWith('@theme-original/')) {
        if (!isThemeComponentName(spec.slice('@theme-original/'.length))) missing.push(spec);
      } else if (isBuiltinModule(spec)) {
        const provided = builtinModules[spec] as Record<string, string>;
        for (const name of names) if (!Object.hasOwn(provided, name)) missing.push(`${name} of ${spec}`);
      } else if (spec.startsWith('@theme/')) {
        const name = spec.slice('@theme/'.length);
        const own = ['.js', '.jsx', '.ts', '.tsx', '/index.js', '/index.jsx', '/index.ts', '/index.tsx'].some((ext) =>
          existsSync(path.join(siteDir, 'src/theme', name + ext)),
        );
        if (!own || !isSiteThemeName(name)) missing.push(spec);
      } else if (/^@(docusaurus|theme-init|generated|site\/\.docusaurus)\//.test(spec)) missing.push(spec);
    }
  }
  if (missing.length === 0) return undefined;
  const list = [...new Set(missing)].join(', ');
  return (
    `it imports what docs-it does not provide (${list}): ` +
    "rewrite it on docs-it's modules (docs-it swizzle shows them)"
  );
}
