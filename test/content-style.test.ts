/*
 * The voice and terms WRITING.md asks for, checked on every page: prose only (code blocks, inline code, heading
 * ids and front matter say what the code says).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { repoRoot } from './helpers';

/** Lines of prose of a markdown file, numbered as in the file. */
export function proseLines(text: string): { line: number; text: string }[] {
  const lines = text.split('\n');
  const prose: { line: number; text: string }[] = [];
  let fence: string | undefined;
  let frontMatter = lines[0] === '---';
  lines.forEach((raw, i) => {
    if (frontMatter) {
      if (i > 0 && raw === '---') frontMatter = false;
      return;
    }
    const marker = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      return;
    }
    if (!fence) prose.push({ line: i + 1, text: raw.replace(/`[^`]*`/g, '').replace(/\{#[^}]*\}/g, '') });
  });
  return prose;
}

/** Words that make the next noun masculine: articles, articulated prepositions, demonstratives, possessives. */
const masculineBefore = [
  ...['il', 'lo', 'un', 'uno', 'i', 'gli', 'quel', 'quello', 'questo'],
  ...['del', 'dello', 'dal', 'dallo', 'nel', 'nello', 'sul', 'sullo', 'al', 'allo', 'col'],
  ...['dei', 'degli', 'dai', 'dagli', 'nei', 'negli', 'sui', 'sugli', 'ai', 'agli'],
  ...['proprio', 'suo', 'tuo', 'nostro', 'vostro', 'mio', 'stesso', 'nuovo', 'primo', 'unico', 'singolo', 'solo'],
];
/** Words that may stand between the article and the noun («il loro webview», «un solo webview»). */
const between = [
  'proprio',
  'suo',
  'tuo',
  'loro',
  'nostro',
  'vostro',
  'mio',
  'stesso',
  'nuovo',
  'primo',
  'unico',
  'singolo',
  'solo',
];

/** A feminine term used as masculine: «il webview», «il proprio webview», «lo splashscreen». */
function feminine(term: string): RegExp {
  return new RegExp(`\\b(${masculineBefore.join('|')})\\s+(?:(?:${between.join('|')})\\s+)?${term}\\b`, 'i');
}

interface Rule {
  name: string;
  pattern: RegExp;
  /** Only files whose path (from the repository root) starts with this; every file when absent. */
  only?: string;
}

const rules: Rule[] = [
  { name: 'webview is feminine («la webview»)', pattern: feminine('webview') },
  { name: 'splashscreen is feminine («la splashscreen»)', pattern: feminine('splashscreen') },
  { name: "allowlist is feminine («l'allowlist»)", pattern: feminine('allowlist') },
  { name: 'tray is feminine («la tray», «la system tray»)', pattern: feminine('(?:system\\s+)?tray') },
  { name: 'CLI is feminine («la CLI»)', pattern: feminine('CLI') },
  { name: 'sandbox is feminine («la sandbox»)', pattern: feminine('sandbox') },
  {
    name: 'the reader is «tu», not «voi»',
    // Only forms that cannot be anything else: «usate» or «indicate» are also participles.
    pattern: new RegExp(
      `\\b(${['potete', 'dovete', 'volete', 'sapete', 'avete', 'siete', 'leggete', 'vostr[oaie]'].join('|')}|` +
        'vi (permette|serve|serva|basta|interessa|aspettate))\\b',
      'i',
    ),
  },
  {
    name: 'docs pages speak to «tu», never as «noi»',
    // First person plural, present (-iamo) and future (-remo), and the pronouns; a few nouns end the same way.
    pattern: /\b(?!(?:richiamo|estremo|supremo)\b)(\w+iamo|\w+remo|nostr[oaie]|noi)\b/i,
    only: 'content/docs/',
  },
  { name: 'things are never «lui»/«lei»: name them again', pattern: /\b(lui|lei)\b/i, only: 'content/docs/' },
  {
    name: "a window's label is «l'etichetta» («label» only as code)",
    // «label» as an Italian noun, after an article, a preposition or a possessive.
    pattern: new RegExp(
      `\\b(${[
        ...['la', 'le', 'una', 'della', 'delle', 'dalla', 'dalle', 'alla', 'alle', 'nella', 'nelle', 'sulla', 'sulle'],
        ...['quella', 'quelle', 'stessa', 'sua', 'sue', 'loro', 'di', 'per', 'tramite', 'con'],
      ].join('|')})\\s+label\\b`,
      'i',
    ),
  },
  { name: "the frontend's «dev server» (not «server di sviluppo»)", pattern: /\b(server di sviluppo|dev-server)\b/i },
  { name: '«file system» in two words', pattern: /\b(filesystem|file-system)\b/i },
];

/** Every rule a text breaks, as `line: rule «match»`; `file` (from the repository root) picks the rules that apply. */
export function styleProblems(text: string, file = 'content/docs/page.md'): string[] {
  const problems: string[] = [];
  const applying = rules.filter((rule) => rule.only === undefined || file.startsWith(rule.only));
  for (const { line, text: prose } of proseLines(text)) {
    for (const rule of applying) {
      const match = rule.pattern.exec(prose);
      if (match) problems.push(`${line}: ${rule.name} «${match[0]}»`);
    }
  }
  return problems;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test('the rules catch what they are for, and leave code and participles alone', () => {
  assert.equal(styleProblems('Il webview resta in memoria.'), ['1: webview is feminine («la webview») «Il webview»']);
  assert.equal(styleProblems('Qui potete scegliere.').length, 1);
  assert.equal(
    styleProblems('---\ntitle: il webview\n---\n\n```js\n// potete\n```\nLe chiamate usate da `il webview`.'),
    [],
  );
});

test('possessives and the other feminine terms of the table', () => {
  const caught = (text: string) => styleProblems(text).map((p) => p.replace(/^\d+: /, ''));
  assert.equal(caught('Ogni finestra contiene il proprio webview.'), [
    'webview is feminine («la webview») «il proprio webview»',
  ]);
  assert.equal(caught('Ogni finestra ha il suo webview.').length, 1);
  assert.equal(caught('Le finestre hanno il loro webview.').length, 1);
  assert.equal(caught('Ogni finestra contiene la propria webview.'), []);
  assert.equal(caught('Mostra uno splashscreen.'), ['splashscreen is feminine («la splashscreen») «uno splashscreen»']);
  assert.equal(caught('Chiudi lo splashscreen, poi gli splashscreen.').length, 1);
  assert.equal(caught('Chiudi la splashscreen.'), []);
  assert.equal(caught('Se usi il system tray serve appindicator.').length, 1);
  assert.equal(caught('Apri un allowlist nuovo e il CLI di Tauri.').length, 2);
  assert.equal(caught('Il sandbox di macOS.').length, 1);
  assert.equal(caught('La sandbox, la system tray e la CLI.'), []);
});

test('«noi», «lui»/«lei», label, dev server and file system', () => {
  const docs = (text: string) => styleProblems(text, 'content/docs/guides/x.md').map((p) => p.replace(/^\d+: /, ''));
  assert.equal(docs('In questa guida costruiamo un contatore.'), [
    'docs pages speak to «tu», never as «noi» «costruiamo»',
  ]);
  assert.equal(docs('Poi compileremo con Cargo.').length, 1);
  assert.equal(docs('La CLI lo fa per noi.').length, 1);
  assert.equal(docs('Il nostro convertitore.').length, 1);
  assert.equal(docs('Un richiamo al caso estremo.'), []);
  assert.equal(docs('Accanto a lei ci sono altre funzioni.'), ['things are never «lui»/«lei»: name them again «lei»']);
  // Blog posts and the site's own pages may speak as the project.
  assert.equal(styleProblems('Vi aspettiamo: abbiamo lavorato molto.', 'content/blog/2023-01-01-x.md'), []);
  assert.equal(docs('Ritrovala tramite la label.'), [
    "a window's label is «l'etichetta» («label» only as code) «la label»",
  ]);
  assert.equal(docs('Le label identificano le finestre.').length, 1);
  assert.equal(docs('Passa la `label` a `getByLabel`; la sua etichetta è unica.'), []);
  assert.equal(docs('Avvia il server di sviluppo.'), [
    "the frontend's «dev server» (not «server di sviluppo») «server di sviluppo»",
  ]);
  assert.equal(docs('## Il dev server {#dev-server}'), []);
  assert.equal(docs('Nel filesystem di destinazione.'), ['«file system» in two words «filesystem»']);
  assert.equal(docs('Nel file system di destinazione.'), []);
});

test('every page of the site follows the voice and terms of WRITING.md', () => {
  const found: string[] = [];
  for (const file of markdownFiles(path.join(repoRoot, 'content'))) {
    const rel = path.relative(repoRoot, file).split(path.sep).join('/');
    for (const problem of styleProblems(readFileSync(file, 'utf8'), rel)) found.push(`${rel}:${problem}`);
  }
  assert.equal(found, [], found.join('\n'));
});

test.run();
