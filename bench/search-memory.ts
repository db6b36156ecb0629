/*
 * npm run bench:search-memory [-- --pages 100000] [--whole]: the search stage alone on a synthetic site's pages
 * (the text of `npm run bench`'s synthetic pages, cut into search blocks by their lines, as a compiled page's
 * are), without compiling or rendering them: its peak RSS and processor time, what the stream holds at its end,
 * the largest file a reader may load and what a first search loads (gzipped). `--whole` makes the files the way
 * the build made them before the stream (every record, the whole index and every file in memory at once), to
 * compare. Files go to a folder under the system's temporary folder, removed at the end.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SearchBlock } from '../src/markdown/compiled-page';
import { buildLocalIndex } from '../src/search/local-index';
import { shardLocalIndex } from '../src/search/local-index-shards';
import { extractSearchRecords, type RecordOptions, type SearchPage } from '../src/search/records';
import { jsonArrayBytes, writeSearchFiles } from '../src/search/search-files';
import { searchWordsOf } from '../src/search/search-words';
import { loadStemmer, stemmerSource } from '../src/search/stemmer';
import { maxShardBytes } from '../src/shared/search/local-index-format';
import { firstSearchLine, largestIndexBytes, measureFirstSearch } from './first-search';
import { docPage } from './synthetic-site';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > -1 ? process.argv[at + 1] : undefined;
};
const count = Number(arg('--pages') ?? 100_000);
const whole = process.argv.includes('--whole');

const options: RecordOptions = {
  baseUrl: '/it/',
  lang: 'it',
  version: 'v1',
  blogLabel: 'Blog',
  kindCategories: {},
};
const words = searchWordsOf({ lang: 'it', htmlLang: 'it', synonyms: [] });

/** Page `i` as search sees it: its headings (`## x {#id}`) and its paragraphs, list and table lines as text. */
function pageOf(i: number): SearchPage {
  const markdown = docPage(i, Math.floor(i / 50), 50);
  const body = markdown.slice(markdown.indexOf('\n---\n', 4) + 5);
  const blocks: SearchBlock[] = [];
  let fence = false;
  for (const line of body.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    if (fence || line.startsWith('```') || line.startsWith(':::') || !line.trim() || line.startsWith('|---')) continue;
    const heading = /^(#{2,6}) (.*?)(?: \{#([^}]+)\})?$/.exec(line);
    if (heading) {
      const text = heading[2]!;
      const id = heading[3] ?? text.toLowerCase().replace(/\s+/g, '-');
      blocks.push({ kind: 'heading', level: heading[1]!.length, text, id } as SearchBlock);
    } else blocks.push({ kind: 'text', text: line.replace(/[[\]`|]/g, ' ').trim() } as SearchBlock);
  }
  return {
    url: `/it/v1/guide/sezione-${Math.floor(i / 50)}/pagina-${i}`,
    title: `Pagina di prova ${i}`,
    category: 'Guida',
    keywords: [`pagina ${i}`],
    description: `Una pagina sintetica numero ${i} per misurare la build.`,
    weight: 1,
    blocks,
  };
}

let peak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().rss);
};
const timer = setInterval(sample, 200);

const dir = mkdtempSync(path.join(tmpdir(), 'docs-it-search-memory-'));
const started = process.cpuUsage();
const sizes = new Map<string, number>();
let held: unknown;
if (whole) {
  const pages: SearchPage[] = [];
  for (let i = 0; i < count; i++) pages.push(pageOf(i));
  const records = extractSearchRecords(pages, options);
  const stemmer = words.stemmer ? { file: 'stemmer.js', stem: await loadStemmer(words.stemmer) } : undefined;
  const local = buildLocalIndex(records, words, stemmer);
  const files = shardLocalIndex(local.index, local.texts);
  const bytes = jsonArrayBytes(records);
  sample();
  for (const [file, json] of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), json);
    sizes.set(file, json.length);
  }
  writeFileSync(path.join(dir, 'records.json'), bytes);
  if (words.stemmer) writeFileSync(path.join(dir, 'stemmer.js'), await stemmerSource(words.stemmer));
  sizes.set('records.json', bytes.byteLength);
} else {
  const made = new Set<string>();
  const result = await writeSearchFiles(
    (function* () {
      for (let i = 0; i < count; i++) yield pageOf(i);
    })(),
    { options, words },
    {
      file: async (file, contents) => {
        const rel = file.slice('it/search/'.length);
        const target = path.join(dir, rel);
        const folder = path.dirname(target);
        if (!made.has(folder)) mkdirSync(folder, { recursive: true });
        made.add(folder);
        writeFileSync(target, contents);
        // The records' pieces and list counted as the one records file the whole form writes.
        const counted = rel.startsWith('records/') ? 'records.json' : rel;
        sizes.set(counted, (sizes.get(counted) ?? 0) + Buffer.byteLength(contents));
      },
    },
  );
  held = result.held();
}
sample();
clearInterval(timer);
const cpu = process.cpuUsage(started);
const largest = [...sizes]
  .filter(([f]) => f !== 'records.json' && !f.startsWith('stemmer'))
  .sort((a, b) => b[1] - a[1]);
const stem = words.stemmer ? await loadStemmer(words.stemmer) : undefined;
const first = await measureFirstSearch((file) => readFileSync(path.join(dir, file), 'utf8'), stem);
console.log(
  `${whole ? 'whole' : 'stream'}, ${count} pages: peak RSS ${(peak / 1e6).toFixed(0)} MB, ` +
    `processor ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, ${sizes.size} files`,
);
if (held) console.log(`held at the end: ${JSON.stringify(held)}`);
console.log(
  `records.json ${(sizes.get('records.json')! / 1e6).toFixed(1)} MB; local-index.json ` +
    `${(sizes.get('local-index.json')! / 1024).toFixed(1)} KB; largest other files: ` +
    largest
      .slice(0, 3)
      .map(([f, b]) => `${f} ${(b / 1024).toFixed(1)} KB`)
      .join(', ') +
    ` (limit ${maxShardBytes / 1024} KB)`,
);
console.log(firstSearchLine(`${count} pages`, first));
console.log(`largest index data of a first search: ${(largestIndexBytes(first) / 1024).toFixed(1)} KB gzipped`);
rmSync(dir, { recursive: true, force: true });
