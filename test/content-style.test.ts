/*
 * The voice and terms WRITING.md asks for, checked on every page: prose only (code blocks, inline code and
 * front matter say what the code says).
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
    if (!fence) prose.push({ line: i + 1, text: raw.replace(/`[^`]*`/g, '') });
  });
  return prose;
}

const rules: { name: string; pattern: RegExp }[] = [
  {
    name: 'webview is feminine («la webview»)',
    pattern: /\b(il|un|del|dal|nel|sul|al|col|quel|questo|dei|dai|nei|sui|ai|i)\s+webview\b/i,
  },
  {
    name: 'the reader is «tu», not «voi»',
    // Only forms that cannot be anything else: «usate» or «indicate» are also participles.
    pattern: new RegExp(
      `\\b(${['potete', 'dovete', 'volete', 'sapete', 'avete', 'siete', 'leggete', 'vostr[oaie]'].join('|')}|` +
        'vi (permette|serve|serva|basta|interessa|aspettate))\\b',
      'i',
    ),
  },
];

/** Every rule a text breaks, as `line: rule «match»`. */
export function styleProblems(text: string): string[] {
  const problems: string[] = [];
  for (const { line, text: prose } of proseLines(text)) {
    for (const rule of rules) {
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

test('every page of the site follows the voice and terms of WRITING.md', () => {
  const found: string[] = [];
  for (const file of markdownFiles(path.join(repoRoot, 'content'))) {
    const rel = path.relative(repoRoot, file).split(path.sep).join('/');
    for (const problem of styleProblems(readFileSync(file, 'utf8'))) found.push(`${rel}:${problem}`);
  }
  assert.equal(found, [], found.join('\n'));
});

test.run();
