/*
 * Front matter has one reader (src/content/front-matter.ts): a page's body, a fragment's content, the texts a
 * worker highlights ahead and a Docusaurus import's doc titles all end the front matter where it does.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load-config';
import { buildContentModel } from '../src/content/build-content-model';
import {
  contentReadsYaml,
  frontMatterHead,
  pagesAssumedToReadYaml,
  parseFrontMatter,
  withoutFrontMatter,
} from '../src/content/front-matter';
import { normalizedContentText } from '../src/content/text-again';
import { docsIndexOf } from '../src/docusaurus-import/docs-index';
import { interfaceTextOf } from '../src/shared/i18n/catalogues';
import { compileJobsOf } from '../src/site/compile/compile-jobs';
import { discovered, fixture, removeDir, repoRoot } from './helpers';

/** Texts whose front matter ends where a plain reading (`---`, lines, `---`, LF) ends it too. */
const plain = ['---\ntitle: Uno\n---\n\nTesto.\n', '---\ntitle: Due\nid: due\n---\n## Titolo\n\n---\n\nAltro.\n'];
/**
 * Texts each of the three readings there were got wrong in some way: CRLF line ends, a BOM, an empty front
 * matter followed by a thematic break, spaces after the closing `---`, a file that ends at it.
 */
const tricky = [
  '---\r\ntitle: Tre\r\n---\r\n\r\n```rust\r\nfn main() {}\r\n```\r\n',
  '\uFEFF---\ntitle: Quattro\n---\n\nTesto.\n',
  '---\n---\n\nPrima.\n\n---\n\nDopo.\n',
  '---\ntitle: Cinque\n---  \n\nTesto.\n',
  '---\ntitle: Sei\n---',
];

test('the text without its front matter is the page body without the lines it keeps blank', () => {
  for (const text of [...plain, ...tricky]) {
    const body = parseFrontMatter({ file: 'content/docs/a.md', relPath: 'a.md', section: 'docs', text }).body;
    const head = frontMatterHead(normalizedContentText(text));
    assert.ok(typeof head === 'object', text);
    assert.is(withoutFrontMatter(text), body.slice(head.lines + 1), text);
    assert.not.match(withoutFrontMatter(text), /title:/, text);
  }
  for (const text of plain) assert.is(withoutFrontMatter(text), text.replace(/^---\n[\s\S]*?\n---\n/, ''), text);
  assert.is(withoutFrontMatter('---\n---\n\nPrima.\n\n---\n\nDopo.\n'), '\nPrima.\n\n---\n\nDopo.\n');
});

test('a text without front matter, or with one never closed, is kept as it is', () => {
  for (const text of ['Testo.\n', '\uFEFFTesto.\r\n', '----\ntitle: no\n----\n', '--- a\n---\n', '---\ntitle: x\n']) {
    assert.is(withoutFrontMatter(text), text);
  }
  assert.is(frontMatterHead('---\ntitle: x\n'), 'unclosed');
  assert.is(frontMatterHead('Testo.\n---\n'), undefined);
  assert.equal(frontMatterHead('---\na: 1\nb: 2\n---\n'), { yaml: 'a: 1\nb: 2', chars: 17, lines: 3 });
});

test('an imported fragment is compiled without its front matter, however its lines end', async () => {
  const config = await loadConfig({ packageRoot: repoRoot, config: path.join(fixture('basic'), 'site.config.ts') });
  const files = {
    'content/docs/guides/readme.md': "---\ntitle: Guida\n---\n\nimport F from './_f.md';\n\n<F />\n",
  };
  const fragment = '---\r\ntitle: Frammento\r\n---\r\n\r\nServe **Rust**.\r\n';
  const content = discovered(files, { fragments: { 'content/docs/guides/_f.md': fragment } });
  const model = buildContentModel({
    site: config.site,
    discovered: content,
    configFile: 'site.config.ts',
    configSource: "sidebars: { guides: 'guides/readme' }",
    parseSource: parseFrontMatter,
  });
  const jobs = compileJobsOf(model, content, config.site.baseUrl, interfaceTextOf('it'));
  const job = jobs.get('content/docs/guides/readme.md')!;
  assert.equal(job.fragments, { 'content/docs/guides/_f.md': '\nServe **Rust**.\n' });
});

test("a Docusaurus import reads a doc's front matter as the build does", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-it-front-matter-'));
  try {
    mkdirSync(path.join(dir, 'guida'));
    writeFileSync(
      path.join(dir, 'guida/crlf.md'),
      '---\r\ntitle: Fine riga CRLF\r\nid: a-capo\r\n---\r\n\r\nTesto.\r\n',
    );
    writeFileSync(path.join(dir, 'guida/bom.md'), '\uFEFF---\ntitle: Con BOM\n---\n\nTesto.\n');
    writeFileSync(path.join(dir, 'guida/spazi.md'), '---\ntitle: Spazi dopo\n---  \n\nTesto.\n');
    const index = docsIndexOf(dir);
    assert.equal(
      index.docs.map((d) => [d.id, d.title]),
      [
        ['guida/bom', 'Con BOM'],
        ['guida/a-capo', 'Fine riga CRLF'],
        ['guida/spazi', 'Spazi dopo'],
      ],
    );
  } finally {
    removeDir(dir);
  }
});

test('a build parses YAML for an authors file, a YAML category or front matter beyond the plain reader', () => {
  // Such a build loads the YAML library ahead; any other leaves it out of its process (src/content/yaml-module.ts).
  const plainPages = {
    'content/docs/a.md': '---\ntitle: Uno\ntags: [a, b]\n---\n\nTesto.\n',
    'content/docs/b.md': 'Senza front matter.\n',
    'content/docs/_category_.json': '{ "label": "Guide" }',
  };
  assert.not.ok(contentReadsYaml(discovered(plainPages)));
  const anchored = '---\ntitle: &a Uno\nid: *a\n---\n';
  assert.ok(contentReadsYaml(discovered({ ...plainPages, 'content/docs/c.md': anchored })));
  assert.ok(contentReadsYaml(discovered({ ...plainPages, 'content/docs/_category_.yml': 'label: Guide\n' })));
  const authors = { file: 'content/blog/authors.yml', text: 'ana:\n  name: Ana\n' };
  assert.ok(contentReadsYaml(discovered(plainPages, { authors })));
  // A large site is not looked through: its pages' look would cost more than the library.
  const many = Object.fromEntries(
    Array.from({ length: pagesAssumedToReadYaml }, (_, i) => [`content/docs/p${i}.md`, '---\ntitle: Uno\n---\n']),
  );
  assert.ok(contentReadsYaml(discovered(many)));
});

test.run();
