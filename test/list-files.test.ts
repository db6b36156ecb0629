import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contentListings, type LeftOut, type Listing, listSiteFiles } from '../src/content/list-files';
import { removeDir } from './helpers';

// A content folder with every kind of name the listings tell apart: pages, fragments and `_` folders, category
// files, hidden names, `node_modules`, look-alike names, folders named like files, links to files and folders,
// and a FIFO.
const site = mkdtempSync(path.join(os.tmpdir(), 'docs-it-list-'));
const content = path.join(site, 'content');
const files = [
  'docs/a.md',
  'docs/b.mdx',
  'docs/c.markdown',
  'docs/d.md.txt',
  'docs/D.MD',
  'docs/_fragment.md',
  'docs/_category_.json',
  'docs/guide/_category_.yml',
  'docs/guide/_category_.yaml',
  'docs/guide/_category_.yml.bak',
  'docs/guide/page.md',
  'docs/guide/deep/er/page.mdx',
  'docs/guide/deep/_part.mdx',
  'docs/_hidden/page.md',
  'docs/_hidden/_category_.json',
  'docs/_hidden/_inner.md',
  'docs/.dot/page.md',
  'docs/.dot.md',
  'docs/node_modules/pkg/readme.md',
  'docs/x/node_modules/_f.md',
  'docs/folder.md/inside.md',
  'docs/authors.yml',
  'blog/authors.yml',
  'blog/2024-01-01-post.md',
  'blog/2024-01-02-post/index.mdx',
  'blog/sub/authors.yml',
  'blog/_draft.md',
  'pages/index.md',
  'pages/_shared/_bit.md',
  'other/_not-a-section.md',
  '_top.md',
  'static/img/logo.svg',
  'static/.well-known/x.txt',
  'static/node_modules/x.js',
  'static/_underscore.txt',
  'static/deep/a/b/c.txt',
];
for (const file of files) {
  mkdirSync(path.dirname(path.join(content, file)), { recursive: true });
  writeFileSync(path.join(content, file), file);
}
symlinkSync(path.join(content, 'docs/a.md'), path.join(content, 'docs/link.md'));
symlinkSync(path.join(content, 'docs/guide'), path.join(content, 'docs/linked-folder'));
symlinkSync(path.join(content, 'docs/guide'), path.join(content, 'docs/linked-folder.md'));
symlinkSync(os.tmpdir(), path.join(content, 'static/out'));
symlinkSync(path.join(content, 'docs/a.md'), path.join(content, 'static/node_modules-link'));
execFileSync('mkfifo', [path.join(content, 'docs/pipe.md')]);

test.after(() => removeDir(site));

/** What fast-glob listed for the content before this walk replaced it (the patterns `discover.ts` gave it). */
const globbed: Record<keyof typeof contentListings, { dir: string; patterns: string[]; ignore?: string[] }> = {
  pages: { dir: 'docs', patterns: ['**/*.{md,mdx}'], ignore: ['**/_*', '**/_*/**'] },
  categories: { dir: 'docs', patterns: ['**/_category_.{json,yml,yaml}'] },
  fragments: { dir: '.', patterns: ['{docs,blog,pages}/**/_*.{md,mdx}'] },
  authors: { dir: 'blog', patterns: ['authors.yml'] },
  all: { dir: 'static', patterns: ['**/*'] },
};

const listed = async (dir: string, listing: Listing) => {
  const warnings: LeftOut[] = [];
  const found = await listSiteFiles(dir, listing, { site, roots: [content], warn: (w) => warnings.push(w) });
  return { found, warnings };
};

/** The listing as it was made with fast-glob (the code this walk replaced), for the same folder and patterns. */
async function globListed(dir: string, patterns: string[], ignore: string[]) {
  const entries = await fg(patterns, {
    cwd: dir,
    ignore: [...ignore, '**/node_modules/**'],
    dot: false,
    followSymbolicLinks: false,
    onlyFiles: false,
    objectMode: true,
  });
  // Each entry classified by the walk's own code: taken where it is, alone.
  const found: string[] = [];
  const warnings: LeftOut[] = [];
  for (const { path: rel } of entries) {
    const where = path.posix.dirname(rel);
    const one = await listed(path.join(dir, where), {
      enter: () => false,
      take: (r) => r === path.posix.basename(rel),
    });
    found.push(...one.found.map((f) => path.posix.join(where, f)));
    warnings.push(...one.warnings);
  }
  return { found: found.sort(), warnings };
}

const byFile = (warnings: LeftOut[]) => [...warnings].sort((a, b) => (a.file < b.file ? -1 : 1));

for (const [name, { dir, patterns, ignore = [] }] of Object.entries(globbed)) {
  const what = `the ${name} listing takes what the glob ${patterns.join(', ')} took, links and special files alike`;
  test(what, async () => {
    const at = path.join(content, dir);
    const walked = await listed(at, contentListings[name as keyof typeof contentListings]);
    const glob = await globListed(at, patterns, ignore);
    assert.ok(glob.found.length > 0, 'the tree has files for every listing');
    assert.equal(walked.found, glob.found);
    assert.equal(byFile(walked.warnings), byFile(glob.warnings));
  });
}

test('a folder that is not there lists nothing', async () => {
  assert.equal(await listed(path.join(content, 'missing'), contentListings.all), { found: [], warnings: [] });
});

test.run();
