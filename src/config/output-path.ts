import { realpathSync } from 'node:fs';
import path from 'node:path';
import { DocsItError } from '../errors';
import type { ResolvedConfig } from './resolved-config';

/**
 * Refuses an output folder that would take the site with it: every build replaces its output folder whole, so
 * an output folder that is, holds or lies inside the site's sources would move them away (or nest each build in
 * the next, for `content/static/out`). The site folder and the config's folder may hold the output (that is
 * where `build/` goes) but not be it or lie inside it. Paths are compared as given and with links resolved.
 */
export function checkOutputFolder({ paths, site }: ResolvedConfig, given: string | undefined): void {
  const out = paths.out;
  const components = site.components && path.resolve(paths.root, site.components);
  const shown = given ?? (path.relative(process.cwd(), out) || '.');
  const rel = (p: string) => path.relative(paths.root, p).split(path.sep).join('/') || '.';
  const sources: { dir: string; what: string }[] = [
    { dir: paths.content, what: `the site's content folder (${rel(paths.content)}/)` },
    { dir: path.join(paths.root, 'src'), what: "the site's src/ folder" },
    { dir: path.join(paths.root, 'static'), what: "the site's static/ folder" },
    { dir: path.join(paths.root, 'node_modules'), what: 'node_modules/ (where docs-it keeps its cache)' },
    ...(components
      ? [{ dir: path.dirname(components), what: `the components' folder (${rel(path.dirname(components))}/)` }]
      : []),
    ...['src', 'templates', 'bin'].map((dir) => ({
      dir: path.join(paths.packageRoot, dir),
      what: `docs-it's own ${dir}/ folder`,
    })),
  ];
  const holders = [
    { dir: paths.root, what: 'the site folder' },
    { dir: path.dirname(paths.configFile), what: "the config file's folder" },
    { dir: paths.packageRoot, what: "docs-it's own folder" },
  ];
  const refuse = (why: string) =>
    new DocsItError(
      `--out ${shown}: ${why}`,
      undefined,
      'Every build replaces its output folder whole. Build into a folder of its own, such as build/ in the site ' +
        'folder (the default), or one outside the site.',
    );
  // The output itself may be docs-it's link to its newest build: only the folders above it are resolved.
  const outs = [out, path.join(realOf(path.dirname(out)), path.basename(out))];
  for (const o of outs) {
    if (o.split(path.sep).some((part) => part.startsWith('.docs-it-')))
      throw refuse('the output folder lies in a folder docs-it keeps its own files in');
    for (const { dir, what } of holders) {
      for (const d of [dir, realOf(dir)]) {
        if (o === d) throw refuse(`the output folder is ${what}`);
        if (isInside(d, o)) throw refuse(`the output folder holds ${what}`);
      }
    }
    for (const { dir, what } of sources) {
      for (const d of [dir, realOf(dir)]) {
        if (o === d) throw refuse(`the output folder is ${what}`);
        if (isInside(d, o)) throw refuse(`the output folder holds ${what}`);
        if (isInside(o, d)) throw refuse(`the output folder lies inside ${what}`);
      }
    }
  }
}

/** Whether `inner` lies strictly inside `outer`. */
function isInside(inner: string, outer: string): boolean {
  const rel = path.relative(outer, inner);
  return rel !== '' && rel.split(path.sep)[0] !== '..' && !path.isAbsolute(rel);
}

/** The path with links resolved as far as it exists (the rest as given). */
function realOf(file: string): string {
  const rest: string[] = [];
  let at = file;
  for (;;) {
    try {
      return path.join(realpathSync(at), ...rest.reverse());
    } catch {
      const parent = path.dirname(at);
      if (parent === at) return file;
      rest.push(path.basename(at));
      at = parent;
    }
  }
}
