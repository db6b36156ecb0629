import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as z from 'zod';
import type { ModuleFiles } from '../cache/module-files';
import { DocsItError, DocsItErrors } from '../errors';
import { describeIssue, formatKeyPath } from './describe-issue';
import type { SidebarItemInput } from './docs-schema';
import { importTsModule } from './import-ts-module';
import { lineOfKeyPath } from './locate-key';

/** A Docusaurus sidebars file as the config names it (`docs.sidebarPath`), read and checked. */
export interface SidebarsFile {
  /** The file, relative to the site folder. */
  file: string;
  source: string;
  sidebars: Record<string, SidebarItemInput[]>;
  /** What docs-it left out of the file's items (Docusaurus features it has no counterpart of), located. */
  warnings: DocsItError[];
}

/** A key path inside the sidebars file (`guide`, `Per cominciare`, 2, `className`). */
type KeyPath = (string | number)[];

/** What docs-it leaves out of a Docusaurus sidebar item, and why (a warning at its place). */
interface LeftOut {
  at: KeyPath;
  message: string;
}

/**
 * Keys of Docusaurus's sidebar items that docs-it's sidebar has no counterpart of: left out with a warning, so a
 * site's file reads unchanged (an unknown key is still an error: Docusaurus refuses it too). `key` (a stable
 * identity for translations) changes nothing on the page and is dropped without a word.
 */
const withoutCounterpart: Record<string, string> = {
  className: 'docs-it’s sidebar takes no class names: the item is shown without it',
  customProps: 'read by swizzled Docusaurus components, which docs-it does not run: left out',
};

/**
 * Docusaurus's shorthands and habits as the longhand docs-it's sidebars take: a sidebar or item written as an
 * object of categories (`{ 'Per cominciare': ['intro'] }`) is one category per key, a `ref` item is a link to a
 * doc, `collapsible: false` opens the category unfolded; what has no docs-it counterpart (class names, `html`
 * items, a generated-index category link) is left out and named in `leftOut`.
 */
function longhand(value: unknown, at: KeyPath, leftOut: LeftOut[]): unknown {
  if (Array.isArray(value)) return value.flatMap((v, i) => item(v, [...at, i], leftOut));
  if (value && typeof value === 'object' && !('type' in value)) return item(value, at, leftOut);
  return value;
}

function item(value: unknown, at: KeyPath, leftOut: LeftOut[]): unknown[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [value];
  const record = { ...(value as Record<string, unknown>) };
  if (!('type' in record)) {
    return Object.entries(record).map(([label, items]) => ({
      type: 'category',
      label,
      items: longhand(items, [...at, label], leftOut),
    }));
  }
  if (record.type === 'html') {
    leftOut.push({ at, message: 'an "html" item: docs-it’s sidebar shows no HTML of its own: left out' });
    return [];
  }
  delete record.key;
  for (const [key, message] of Object.entries(withoutCounterpart)) {
    if (key in record) {
      leftOut.push({ at: [...at, key], message });
      delete record[key];
    }
  }
  if (record.type === 'ref') return [{ ...record, type: 'doc' }];
  if (record.type !== 'category') return [record];
  if ('collapsible' in record) {
    if (record.collapsible === false) {
      record.collapsed = false;
      leftOut.push({
        at: [...at, 'collapsible'],
        message: 'docs-it’s categories can always be folded: this one (collapsible: false) opens unfolded',
      });
    }
    delete record.collapsible;
  }
  const link = record.link as { type?: unknown } | undefined;
  if (link && typeof link === 'object' && link.type === 'generated-index') {
    leftOut.push({
      at: [...at, 'link'],
      message:
        'a generated-index link: docs-it makes category pages for folders (link in _category_.json), not here: ' +
        'the category has no page of its own',
    });
    delete record.link;
  }
  return [{ ...record, ...('items' in record ? { items: longhand(record.items, [...at, 'items'], leftOut) } : {}) }];
}

/**
 * Reads the sidebars file `docs.sidebarPath` names (relative to the site folder), unchanged from a Docusaurus
 * site: `module.exports = {…}` or `export default {…}`, in JavaScript or TypeScript. Every problem is located in
 * that file.
 */
export async function readSidebarsFile(
  sidebarPath: string,
  root: string,
  options: { modules: ModuleFiles; packageRoot: string },
): Promise<SidebarsFile> {
  const abs = path.resolve(root, sidebarPath);
  const file = path.relative(root, abs).split(path.sep).join('/');
  const source = await readFile(abs, 'utf8').catch(() => {
    throw new DocsItError(
      `sidebars file not found: ${file}`,
      { file },
      'Fix docs.sidebarPath in the site config (it is relative to the site folder), or add the file.',
    );
  });
  const raw = await importTsModule(abs, file, { ...options, formatBySyntax: true });
  const given = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
  if (!given) {
    throw new DocsItError(
      'a sidebars file exports an object of sidebars by id',
      { file },
      'End the file with `module.exports = { docs: [ … ] };` or `export default { docs: [ … ] };`.',
    );
  }
  const leftOut: LeftOut[] = [];
  // The schemas (and zod) loaded only here: a build that reuses its validated config loads none.
  const { sidebarsSchema } = await import('./docs-schema');
  const result = sidebarsSchema.safeParse(
    Object.fromEntries(Object.entries(given).map(([k, v]) => [k, longhand(v, [k], leftOut)])),
  );
  if (!result.success) {
    throw new DocsItErrors(
      result.error.issues.map(
        (issue: z.core.$ZodIssue) =>
          new DocsItError(
            `${formatKeyPath(issue.path)}: ${describeIssue(issue)}`,
            { file, ...lineOfKeyPath(source, issue.path) },
            'Fix this sidebar item (WRITING.md lists the items docs-it reads: doc ids, doc, link, category, ' +
              'autogenerated).',
          ),
      ),
    );
  }
  const warnings = leftOut.map(
    ({ at, message }) =>
      new DocsItError(
        `${formatKeyPath(at)}: ${message}`,
        { file, ...lineOfKeyPath(source, at) },
        'The file is read as it is; change it only if the difference matters to the site.',
      ),
  );
  return { file, source, sidebars: result.data, warnings };
}
