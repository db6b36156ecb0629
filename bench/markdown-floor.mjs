/*
 * node bench/markdown-floor.mjs <md4w folder> <content folder> <output folder>: the floor of bench:peers. Reads
 * every `.md` under the content folder, drops its front matter, turns it into HTML with md4c (the md4w package,
 * WebAssembly) and writes each page's HTML in one plain loop: no templates, highlighting, search index or
 * service worker, so what is left is the least a build of these pages can cost. Prints its phases as JSON.
 *
 * Plain JavaScript run by plain `node` on purpose: the floor includes Node's start, and the TypeScript loader the
 * other benchmarks run under would add its own load time to it.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [md4wDir, contentDir, outDir] = process.argv.slice(2);
if (!md4wDir || !contentDir || !outDir) {
  console.error('usage: node bench/markdown-floor.mjs <md4w folder> <content folder> <output folder>');
  process.exit(2);
}
const started = performance.now();
const md4w = await import(pathToFileURL(path.join(md4wDir, 'node_modules/md4w/js/index.js')).href);
await md4w.init('fast');
const loaded = performance.now();

const files = readdirSync(contentDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
const sources = files.map((f) => readFileSync(path.join(contentDir, f), 'utf8'));
const read = performance.now();

const frontMatter = /^---\n[\s\S]*?\n---\n/;
const pages = sources.map((source) => md4w.mdToHtml(source.replace(frontMatter, '')));
const parsed = performance.now();

const made = new Set();
for (let i = 0; i < files.length; i++) {
  const file = path.join(outDir, files[i].replace(/\.md$/, '.html'));
  const dir = path.dirname(file);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  writeFileSync(file, pages[i]);
}
const written = performance.now();

console.log(
  JSON.stringify({
    pages: files.length,
    loadMs: loaded - started,
    readMs: read - loaded,
    parseMs: parsed - read,
    writeMs: written - parsed,
  }),
);
