/*
 * The compile path alone: a synthetic site's first N docs pages compiled one after the other in this thread with
 * the page compiler (no workers, no build), their front matter blanked as the build does. For profiling
 * (`node --cpu-prof --import tsx bench/compile-pages.ts …`) and for pairs of two checkouts' compile paths; `--json`
 * writes the compiled pages so two checkouts' can be compared byte for byte.
 *
 * `--plain-code` gives the compiler a highlighter that writes code escaped, without Shiki: what is left is the
 * compile path without Shiki. It prints the loop's processor time (user + system, modules' loading left out).
 *
 *   node --import tsx bench/compile-pages.ts <site folder> <pages> [--plain-code] [--json <file>]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createPageCompiler } from '../src/markdown/compile-page';
import { createHighlighter, type Highlighter } from '../src/markdown/highlighter';
import { escapeHtml } from '../src/shared/escape-html';
import { interfaceTextOf } from '../src/shared/i18n/catalogues';

const args = process.argv.slice(2);
const plainCode = args.includes('--plain-code');
const jsonAt = args.indexOf('--json');
const jsonOut = jsonAt === -1 ? undefined : args[jsonAt + 1];
const [site, count = '2000'] = args.filter((a, i) => !a.startsWith('--') && (jsonAt === -1 || i !== jsonAt + 1));
if (!site || (jsonAt !== -1 && !jsonOut)) {
  console.error('usage: compile-pages.ts <site folder> <pages> [--plain-code] [--json <file>]');
  process.exit(2);
}

/** Code written as escaped text, each language taken as it is named. */
const plainHighlighter: Highlighter = {
  resolveLanguage: (lang) => lang,
  highlight: async (block) => `<pre><code>${escapeHtml(block.code)}</code></pre>`,
};

/** The docs pages' files under `dir`, in a fixed order. */
function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...markdownFiles(full));
    else if (entry.name.endsWith('.md')) out.push(full);
  }
  return out;
}

/** The body as the build compiles it: front matter lines blanked, so lines are the file's. */
function bodyOf(text: string): string {
  const match = /^---[ \t]*\n([\s\S]*?)\n?^---[ \t]*$/m.exec(text);
  return match?.index === 0 ? match[0].replace(/[^\n]/g, '') + text.slice(match[0].length) : text;
}

const files = markdownFiles(path.join(site, 'content', 'docs')).slice(0, Number(count));
const compilePage = createPageCompiler({ highlighter: plainCode ? plainHighlighter : createHighlighter() });
const text = interfaceTextOf('it');
const pages: unknown[] = [];
const started = performance.now();
const cpu = process.cpuUsage();
for (const file of files) {
  const relative = path.relative(site, file).split(path.sep).join('/');
  const page = await compilePage({
    file: relative,
    route: `/it/v1/${relative}`,
    baseUrl: '/it/',
    body: bodyOf(readFileSync(file, 'utf8')),
    format: 'md',
    excerpt: false,
    tocMin: 2,
    tocMax: 3,
    fragments: {},
    text,
  });
  if (jsonOut) pages.push(page);
}
const used = process.cpuUsage(cpu);
const ms = (micros: number) => Math.round(micros / 1000);
console.log(
  `${files.length} pages compiled in ${Math.round(performance.now() - started)} ms of wall, ` +
    `${ms(used.user + used.system)} ms of processor time (user ${ms(used.user)}, system ${ms(used.system)})`,
);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(pages));
