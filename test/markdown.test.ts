import type { ContainerDirective } from 'mdast-util-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
// The `hName` of mdast nodes' data, which remark-rehype reads.
import type {} from 'remark-rehype';
import { unified } from 'unified';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DocsItError, formatError } from '../src/errors';
import { parseCodeMeta } from '../src/markdown/code-meta';
import { CompileCrash } from '../src/markdown/compile-crash';
import { createPageCompiler } from '../src/markdown/compile-page';
import type { DirectivePlugin } from '../src/markdown/directive-plugin';
import { titlesAfterNames } from '../src/markdown/directive-titles';
import { builtinDirectives } from '../src/markdown/directives';
import { createHighlighter } from '../src/markdown/highlighter';
import { guardAutolinkSearch } from '../src/markdown/remark-autolink-guard';
import { firstMermaidUse } from '../src/markdown/uses-mermaid';
import { eachNode } from '../src/markdown/walk';
import { resolveFileLinks } from '../src/site/links/resolve-file-links';
import { plainPageInput } from './compile-inputs';
import { compileMd } from './helpers';

test('GFM: tables, task lists, strikethrough, footnotes, autolinks', async () => {
  const { html } = await compileMd(
    '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] fatto\n\n~~via~~ https://tauri.app nota[^1]\n\n[^1]: La nota.\n',
  );
  assert.match(html, '<table>');
  assert.match(html, '<input type="checkbox" checked disabled>');
  assert.match(html, '<del>via</del>');
  assert.match(html, '<a href="https://tauri.app">https://tauri.app</a>');
  assert.match(html, 'data-footnote-ref');
});

test('admonitions with default, bracket and Docusaurus-style titles', async () => {
  const { html } = await compileMd(
    ':::note\nUno.\n:::\n\n:::tip[Mio titolo]\nDue.\n:::\n\n:::danger Attenzione qui\nTre.\n:::\n',
  );
  assert.match(html, '<div class="admonition admonition-note" role="note"><p class="admonition-heading">Nota</p>');
  assert.match(html, '<p class="admonition-heading">Mio titolo</p>');
  assert.match(
    html,
    '<div class="admonition admonition-danger" role="note"><p class="admonition-heading">Attenzione qui</p>',
  );
});

test('admonition titles inside code fences are left alone', () => {
  const normalizeTitles = titlesAfterNames(builtinDirectives);
  assert.is(normalizeTitles('```md\n:::tip Titolo\n```\n'), '```md\n:::tip Titolo\n```\n');
  assert.is(normalizeTitles(':::tip Titolo\nx\n:::'), ':::tip[Titolo]\nx\n:::');
  // Only the directives that take a title after their name: a tab's label is an attribute.
  assert.is(normalizeTitles(':::tab npm\nx\n:::'), ':::tab npm\nx\n:::');
});

test('an admonition written as a directive and as the <Admonition> component is the same HTML', async () => {
  const directive = await compileMd(':::caution Piano\n\nTesto.\n\n:::\n');
  const component = await compileMd('<Admonition type="caution" title="Piano">\n\nTesto.\n\n</Admonition>\n', {
    format: 'mdx',
  });
  assert.is(component.html, directive.html);
  const untitled = await compileMd('<Admonition type="caution">\n\nTesto.\n\n</Admonition>\n', { format: 'mdx' });
  assert.is(untitled.html, (await compileMd(':::caution\n\nTesto.\n\n:::\n')).html);
});

test("Docusaurus's legacy admonition names look like note, info and tip, titled with their own name", async () => {
  for (const [name, kind] of [
    ['secondary', 'note'],
    ['important', 'info'],
    ['success', 'tip'],
  ] as const) {
    const directive = await compileMd(`:::${name}\n\nTesto.\n\n:::\n`);
    assert.match(
      directive.html,
      `<div class="admonition admonition-${kind}" role="note"><p class="admonition-heading">${name}</p>`,
    );
    const component = await compileMd(`<Admonition type="${name}">\n\nTesto.\n\n</Admonition>\n`, { format: 'mdx' });
    assert.is(component.html, directive.html);
  }
});

test('code blocks: highlighted at build time, title, line highlights, line numbers', async () => {
  const { html } = await compileMd(
    '```rust title="src/main.rs" {2} showLineNumbers\nfn main() {\n    println!("ciao");\n}\n```\n',
  );
  assert.match(html, '<div class="code-title">src/main.rs</div>');
  assert.match(html, '<pre class="shiki line-numbers"');
  assert.match(html, 'color:var(--shiki-token-');
  assert.match(html, '<span class="line highlighted">');
  assert.is(html.match(/class="line highlighted"/g)?.length, 1);
});

test('code meta parsing', () => {
  const meta = parseCodeMeta('title="a b.ts" {1,3-4} showLineNumbers');
  assert.is(meta.title, 'a b.ts');
  assert.equal([...meta.highlightLines], [1, 3, 4]);
  assert.ok(meta.showLineNumbers);
});

test('magic comments mark lines and leave the shown code, in every comment syntax, as in Docusaurus', async () => {
  const body = [
    '```rust title="main.rs"',
    'fn main() {',
    '    // highlight-next-line',
    '    tauri::Builder::default()',
    '        // highlight-start',
    '        .invoke_handler(tauri::generate_handler![saluta])',
    '        .run(tauri::generate_context!())',
    '        // highlight-end',
    '        .expect("errore");',
    '}',
    '```',
    '',
    '```bash',
    '# highlight-next-line',
    'npm run tauri dev',
    '```',
    '',
    '```html',
    '<!-- highlight-next-line -->',
    '<div id="app"></div>',
    '```',
    '',
    '```jsx',
    '{/* highlight-next-line */}',
    '<App />',
    '```',
    '',
  ].join('\n');
  for (const format of ['md', 'mdx'] as const) {
    const { html, problems } = await compileMd(body, { format });
    assert.equal(problems, []);
    assert.not.match(html, /highlight-(next-line|start|end)/, format);
    const marked = [...html.matchAll(/<span class="line highlighted">(.*?)<\/span>(?=\n|<\/code>)/g)].map((m) =>
      m[1]!
        .replace(/<[^>]+>/g, '')
        .replace(/&#x3C;|&lt;/g, '<')
        .trim(),
    );
    assert.equal(
      marked,
      [
        'tauri::Builder::default()',
        '.invoke_handler(tauri::generate_handler![saluta])',
        '.run(tauri::generate_context!())',
        'npm run tauri dev',
        '<div id="app"></div>',
        '<App />',
      ],
      format,
    );
  }
  // Lines named in the meta win, and the comments then stay as written (Docusaurus does the same).
  const { html } = await compileMd('```js {1}\nconst a = 1;\n// highlight-next-line\nconst b = 2;\n```\n');
  assert.match(html, 'highlight-next-line');
  assert.is(html.match(/class="line highlighted"/g)?.length, 1);
});

test('a code language without a grammar is plain text and a warning at its line, not a failed build', async () => {
  const { html, problems } = await compileMd('Testo.\n\n```klingon\nqapla <b>\n```\n');
  assert.is(problems.length, 1);
  assert.is(problems[0]!.line, 3);
  assert.is(problems[0]!.severity, 'warning');
  assert.match(problems[0]!.message, 'code language "klingon" has no grammar');
  assert.match(html, '<pre class="shiki plain"');
  assert.match(html, 'qapla &lt;b&gt;');
});

test("the languages Docusaurus's Prism highlights by default are highlighted, by their names and aliases", async () => {
  for (const lang of ['markdown', 'md', 'graphql', 'gql', 'hbs', 'less', 'python', 'go', 'kotlin', 'swift', 'cs']) {
    const { html, problems } = await compileMd(`\`\`\`${lang}\nquery { a }\n\`\`\`\n`);
    assert.equal(problems, [], lang);
    assert.not.match(html, 'shiki plain', lang);
  }
});

test('explicit heading ids, slugged ids with accents, TOC of h2-h3', async () => {
  const { html, toc } = await compileMd(
    '## Configurare il bundle {#bundle}\n\n### Perché Tauri?\n\n#### Troppo profondo\n',
  );
  assert.match(html, '<h2 id="bundle" class="anchor">Configurare il bundle<a href="#bundle" class="hash-link"');
  assert.match(html, 'id="perché-tauri"');
  assert.equal(toc, [
    { id: 'bundle', value: 'Configurare il bundle', level: 2 },
    { id: 'perché-tauri', value: 'Perché Tauri?', level: 3 },
  ]);
});

test('the heading the content model took as the title is dropped (the template renders the h1)', async () => {
  const { html } = await compileMd('# Titolo\n\nTesto.\n', { titleLine: 1 });
  assert.not.match(html, '<h1');
  assert.match((await compileMd('# Titolo\n\nTesto.\n')).html, '<h1', 'any other h1 stays');
});

test('relative .md links become routes once all routes are known; broken ones are problems', async () => {
  const compiled = await compileMd('[a](./altro.md#sezione) [b](../mancante.md) [c](/it/blog)');
  assert.not.match(compiled.html, '/it/v1/altro', 'a compiled page does not depend on the routes of others');
  const { html, links, problems } = resolveFileLinks(compiled, { 'content/docs/altro.md': '/it/v1/altro' });
  assert.match(html, '<a href="/it/v1/altro#sezione">a</a>');
  assert.equal(
    links.map((l) => [
      l.kind === 'file' || l.kind === 'asset' ? l.target : l.path,
      l.kind === 'asset' ? undefined : l.anchor,
    ]),
    [
      ['/it/v1/altro', 'sezione'],
      ['/it/blog', undefined],
    ],
  );
  assert.is(problems.length, 1);
  assert.match(problems[0]!.message, 'broken link: no page at content/mancante.md');
  assert.is(problems[0]!.line, 1);
});

test('a link to a Markdown file from the root is read from the content folder, as Docusaurus reads it', async () => {
  const compiled = await compileMd('[uso](/guida/uso.md#opzioni)');
  const { html, problems } = resolveFileLinks(compiled, { 'content/docs/guida/uso.md': '/it/v1/guida/uso' });
  assert.equal(problems, []);
  assert.match(html, '<a href="/it/v1/guida/uso#opzioni">uso</a>');
});

test('search blocks are collected while compiling: headings with ids and text, no code, no widgets', async () => {
  const { search } = await compileMd(
    'Introduzione.\n\n## Installare {#installare}\n\n- Uno\n- Due\n\n```sh\nnpm install\n' +
      '```\n\n:::tip\nUn consiglio.\n:::\n',
  );
  assert.equal(search, [
    { kind: 'text', text: 'Introduzione.' },
    { kind: 'heading', level: 2, id: 'installare', text: 'Installare' },
    { kind: 'text', text: 'Uno' },
    { kind: 'text', text: 'Due' },
    { kind: 'text', text: 'Suggerimento' },
    { kind: 'text', text: 'Un consiglio.' },
  ]);
});

test('code titles, highlights and line numbers survive raw HTML (comments, br, div, details)', async () => {
  const block = '```rust title="src/main.rs" {2} showLineNumbers\nfn main() {\n    println!("ciao");\n}\n```';
  for (const raw of ['<!-- truncate -->', 'Prima riga<br>seconda', '<div class="nota">\n\nTesto\n\n</div>']) {
    const { html } = await compileMd(`${raw}\n\n${block}\n`);
    assert.match(html, '<div class="code-title">src/main.rs</div>', raw);
    assert.match(html, 'class="shiki line-numbers', raw);
    assert.match(html, 'class="line highlighted"', raw);
  }
  const inDetails = await compileMd(`<details>\n<summary>Codice</summary>\n\n${block}\n\n</details>\n`);
  assert.match(inDetails.html, '<div class="code-title">src/main.rs</div>');
});

test('javascript:, vbscript: and data: URLs in links and images are located problems and published inert', async () => {
  const page = await compileMd(
    [
      '[uno](javascript:alert(1))',
      '',
      '![due](data:image/svg+xml;base64,PHN2Zz4=)',
      '',
      '<a href=" VBScript:msgbox(3)">tre</a>',
      '',
      '[quattro](https://tauri.app) e [cinque](mailto:a@b.c)',
    ].join('\n'),
  );
  assert.equal(
    page.problems.map((p) => `${p.line}: ${p.message}`),
    ['1: javascript: URL in a link', '3: data: URL in an image', '5: vbscript: URL in a link'],
  );
  assert.not.match(page.html, /javascript:|data:image|vbscript:/i);
  assert.match(page.html, 'href="https://tauri.app"');
  assert.match(page.html, 'href="mailto:a@b.c"');
});

test('two headings with one {#id} are a problem at the second', async () => {
  const page = await compileMd('## Uno {#stesso}\n\nTesto.\n\n## Due {#stesso}\n\nAltro.\n');
  assert.equal(
    page.problems.map((p) => `${p.line}: ${p.message}`),
    ['5: duplicate heading id #stesso (also at line 1)'],
  );
});

test('limits checked before parsing: huge pages and deep nesting are located errors, at once', async () => {
  const errorOf = async (body: string) => {
    try {
      await compileMd(body);
    } catch (error) {
      return error as DocsItError;
    }
    return undefined;
  };
  const huge = await errorOf('parola '.repeat(400_000));
  assert.match(huge?.message ?? '', 'million characters long');
  const table = await errorOf(`| a | b |\n|---|---|\n${'| 1 | 2 |\n'.repeat(50_000)}`);
  assert.match(table?.message ?? '', 'lines (at most 40000)');
  const quotes = await errorOf(`Testo.\n\n${'> '.repeat(500)}profondo\n`);
  assert.match(quotes?.message ?? '', 'block quotes nested 500 deep');
  assert.is(quotes?.location?.line, 3);
  const lists = await errorOf(Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}- voce\n`).join(''));
  assert.match(lists?.message ?? '', 'lists nested too deep');
  assert.is(await errorOf(`${'> '.repeat(20)}citazione\n`), undefined, 'ordinary nesting compiles');
});

test('a malformed % escape in a link anchor is a located problem, not a crash', async () => {
  const page = await compileMd('Testo.\n\n[altra](./altra.md#a%zz)\n');
  assert.equal(
    page.problems.map((p) => `${p.line}: ${p.message}`),
    ['3: malformed % escape in the link ./altra.md#a%zz'],
  );
});

test('MDX code that throws or calls process.exit() ends in an error naming the page', async () => {
  for (const [body, message] of [
    ["export const x = (() => { throw new Error('rotto') })()\n\nTesto.\n", 'rotto'],
    ['export const x = process.exit(3)\n\nTesto.\n', 'the page called process.exit(3)'],
    ['Testo {process.exit()}.\n', 'the page called process.exit()'],
  ]) {
    try {
      await compileMd(body!, { format: 'mdx' });
      assert.unreachable(body);
    } catch (error) {
      assert.instance(error, DocsItError, body);
      assert.match((error as DocsItError).message, message!);
      assert.is((error as DocsItError).location?.file, 'content/docs/page.mdx');
    }
  }
});

test('an unknown MDX component or a missing package is reported where it is used, by its name', async () => {
  const locate = async (body: string) => {
    try {
      const problem = (await compileMd(body, { format: 'mdx' })).problems[0];
      return problem ? `${problem.line}:${problem.column} ${problem.message}` : 'compiled';
    } catch (error) {
      const e = error as DocsItError;
      return `${e.location?.line}:${e.location?.column} ${e.message}`;
    }
  };
  assert.is(
    await locate('Testo.\n\nAltro.\n\n<Sconosciuto titolo="x" />\n'),
    '5:1 unknown component <Sconosciuto>: no component of that name is provided to MDX pages',
  );
  const missing = await locate("---\ntitle: x\n---\n\nimport X from 'pacchetto-inesistente'\n\n<X />\n");
  assert.is(missing, '5:1 cannot import pacchetto-inesistente: the package is not installed');
  assert.not.match(missing, 'node_modules');
});

test('a bug of docs-it while compiling is a crash naming the page, never a syntax error at 1:1', async () => {
  const broken = createPageCompiler({
    highlighter: {
      resolveLanguage: (lang) => lang,
      highlight: async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'x')");
      },
    },
  });
  try {
    await broken({
      ...plainPageInput('content/docs/rotta.md', '```rust\nfn main() {}\n```\n'),
      route: '/it/v1/rotta',
      baseUrl: '/it/',
    });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, CompileCrash);
    assert.not.instance(error, DocsItError);
    assert.match((error as Error).message, 'internal error while compiling content/docs/rotta.md: Cannot read');
  }
});

test('MDX 1 habits in .mdx (Docusaurus mdx1Compat): HTML comments, admonition titles, {#id} headings', async () => {
  const page = await compileMd(
    [
      '<!-- un commento -->',
      '',
      '## Sezione {#mia-sezione}',
      '',
      '<!--',
      'su più righe, con */ dentro',
      '-->',
      '',
      ':::tip Il mio titolo',
      'Contenuto.',
      ':::',
      '',
      '```html',
      '<!-- nel codice resta -->',
      '```',
    ].join('\n'),
    { format: 'mdx' },
  );
  assert.equal(page.ids.includes('mia-sezione'), true);
  assert.equal(
    page.toc.map((t) => t.id),
    ['mia-sezione'],
  );
  assert.match(page.html, '<p class="admonition-heading">Il mio titolo</p>');
  assert.not.match(page.html, 'un commento');
  assert.not.match(page.html, 'su più righe');
  assert.match(page.html, '&#x3C;!-- nel codice resta -->');
  try {
    await compileMd('<!--\nuno\ndue\n-->\n\nTesto {1 +} rotto.\n', { format: 'mdx' });
    assert.unreachable();
  } catch (error) {
    assert.is((error as DocsItError).location?.line, 6, 'lines are kept: the error is where it is in the file');
  }
});

test('Docusaurus theme imports (@theme/Tabs, TabItem, Admonition) resolve to docs-it components', async () => {
  const page = await compileMd(
    [
      "import Tabs from '@theme/Tabs'",
      "import Scheda from '@theme/TabItem'",
      "import Admonition from '@theme/Admonition'",
      '',
      '<Tabs groupId="pm">',
      '<Scheda value="npm" label="npm">',
      '',
      'Con npm.',
      '',
      '</Scheda>',
      '</Tabs>',
      '',
      '<Admonition type="tip" title="Suggerimento mio">Testo.</Admonition>',
    ].join('\n'),
    { format: 'mdx' },
  );
  assert.match(page.html, 'role="tablist"');
  assert.match(page.html, 'data-value="npm">npm</button>');
  assert.match(page.html, 'admonition-tip');
  const head = await compileMd(
    "Testo.\n\nimport useGlobalData from '@docusaurus/useGlobalData'\n\n{useGlobalData().x}\n",
    { format: 'mdx' },
  );
  const problem = head.problems[0];
  assert.is(
    problem?.message,
    'cannot import @docusaurus/useGlobalData: docs-it does not provide this Docusaurus module',
  );
  assert.is(problem?.line, 3);
  assert.match(problem?.hint ?? '', '@theme/Tabs');
});

test('tabs with a query string: the URL parameter is named in the markup, in .md and .mdx alike', async () => {
  const md = await compileMd('::::tabs{groupId="os" queryString}\n:::tab{label="Linux"}\nx\n:::\n::::\n');
  assert.match(md.html, '<div class="tabs" data-group-id="os" data-query-string="os">');
  const named = await compileMd('::::tabs{groupId="os" queryString="sistema"}\n:::tab{label="Linux"}\nx\n:::\n::::\n');
  assert.match(named.html, 'data-query-string="sistema"');
  const mdx = await compileMd('<Tabs groupId="os" queryString>\n<TabItem value="linux">x</TabItem>\n</Tabs>\n', {
    format: 'mdx',
  });
  assert.match(mdx.html, '<div class="tabs" data-group-id="os" data-query-string="os">');
});

test('@docusaurus/Link points site paths under the base URL; @theme/Details is a native disclosure', async () => {
  const page = await compileMd(
    [
      "import Link from '@docusaurus/Link'",
      "import Details from '@theme/Details'",
      '',
      'Vai alle <Link to="/v1/guides/faq">domande</Link> o a <Link href="https://tauri.app">Tauri</Link>.',
      '',
      '<Details summary="Altro">',
      '',
      'Testo nascosto.',
      '',
      '</Details>',
      '',
      '<Link to="javascript:alert(1)">no</Link>',
    ].join('\n'),
    { format: 'mdx' },
  );
  assert.match(page.html, '<a href="/it/v1/guides/faq">domande</a>');
  assert.match(page.html, '<a href="https://tauri.app">Tauri</a>');
  assert.match(page.html, '<details><summary>Altro</summary>');
  assert.match(page.html, 'Testo nascosto.');
  assert.match(page.html, '<a href="#">no</a>');
});

test("fragments: props reach them, their links are their own, their imports are the page's", async () => {
  const page = await compileMd(
    [
      "import Tabs from '@theme/Tabs'",
      "import Requisiti from './guide/_requisiti.mdx'",
      '',
      '<Requisiti os="linux" versione={2} />',
      '',
      '<Tabs><TabItem value="a">A</TabItem></Tabs>',
    ].join('\n'),
    {
      format: 'mdx',
      fragments: {
        'guide/_requisiti.mdx': [
          "import Tabs from '@theme/Tabs'",
          "import Nota from './_nota.md'",
          '',
          'Sistema: {props.os}, versione {props.versione}. Vedi [la guida](./installa.md) e [altro](../faq.md).',
          '',
          '<Nota />',
        ].join('\n'),
        'guide/_nota.md': 'Nota annidata con [un link](./vicino.md).',
      },
    },
  );
  assert.match(page.html, 'Sistema: linux, versione 2.');
  assert.match(page.html, 'Nota annidata');
  assert.equal(
    page.links.filter((l) => l.kind === 'file').map((l) => (l as { target: string }).target),
    ['content/docs/guide/installa.md', 'content/docs/faq.md', 'content/docs/guide/vicino.md'],
  );
  assert.match(page.html, 'role="tablist"');
});

test('@theme/CodeBlock is a highlighted block; useBaseUrl puts site paths under the base URL', async () => {
  const page = await compileMd(
    [
      "import CodeBlock from '@theme/CodeBlock'",
      "import useBaseUrl from '@docusaurus/useBaseUrl'",
      '',
      '<CodeBlock language="rust" title="src/main.rs" showLineNumbers>',
      '{`fn main() {}`}',
      '</CodeBlock>',
      '',
      '<img src={useBaseUrl(\'/img/logo.svg\')} alt="logo" />',
    ].join('\n'),
    { format: 'mdx' },
  );
  assert.match(page.html, '<div class="code-title">src/main.rs</div>');
  assert.match(page.html, 'line-numbers');
  assert.match(page.html, 'fn</span>');
  assert.match(page.html, '<img src="/it/img/logo.svg" alt="logo"/>');
  assert.not.match(page.html, 'rel="preload"');
});

test('an import nobody provides is an error at its own line, with what to do', async () => {
  const locate = async (body: string) => {
    const problem = (await compileMd(body, { format: 'mdx' })).problems[0];
    return problem ? `${problem.line}:${problem.column} ${problem.message} | ${problem.hint}` : 'compiled';
  };
  const theme = await locate("Testo.\n\nimport Command from '@theme/Command'\n\n<Command />\n");
  assert.match(theme, '3:1 cannot import @theme/Command: neither docs-it nor the site provides Command');
  assert.match(theme, '`components` in site.config.ts');
  const site = await locate("Testo.\n\n\nimport X from '@site/src/components/X'\n");
  assert.match(site, '4:1 cannot import @site/src/components/X: no file src/components/X');
  const named = await locate("import { Nope } from '@theme/Tabs'\n");
  assert.match(named, '1:1 @theme/Tabs has no export named Nope');
  const twice = await compileMd("import X from '@theme/Tabs'\nimport F from './_f.mdx'\n\n<F />\n", {
    format: 'mdx',
    fragments: { '_f.mdx': "Testo.\n\nimport X from '@theme/Details'\n" },
  });
  const problem = twice.problems[0];
  assert.equal([problem?.file, problem?.line, problem?.column], ['content/docs/_f.mdx', 3, 1]);
  assert.is(problem?.message, 'X is imported twice, from different modules');
});

test('details/summary raw HTML with markdown inside', async () => {
  const { html } = await compileMd('<details>\n<summary>Altro</summary>\n\nDentro **grassetto**.\n\n</details>\n');
  assert.match(html, '<details>');
  assert.match(html, '<summary>Altro</summary>');
  assert.match(html, '<strong>grassetto</strong>');
});

test('tabs in the markdown form', async () => {
  const { html } = await compileMd(
    '::::tabs{groupId="pm"}\n:::tab{label="npm"}\nUno\n:::\n:::tab{label="cargo"}\nDue\n:::\n::::\n',
  );
  assert.match(
    html,
    '<div class="tabs" data-group-id="pm"><div role="tablist" class="tabs-list"><button type="button" role="tab"',
  );
  assert.match(html, 'aria-selected="true"');
  assert.match(html, 'data-value="cargo" hidden');
});

test('a stray tab and an unknown block directive are errors with a location', async () => {
  for (const body of [':::tab{label="x"}\nx\n:::\n', 'Prima.\n\n:::misterioso\nx\n:::\n']) {
    try {
      await compileMd(body);
      assert.unreachable();
    } catch (error) {
      assert.instance(error, DocsItError);
      assert.ok(((error as DocsItError).location?.line ?? 0) >= 1);
    }
  }
});

/** A directive docs-it does not have: `:::details Riassunto` → a native disclosure, its title the summary. */
const detailsDirective: DirectivePlugin = {
  names: ['details'],
  forms: ['container'],
  titleAfterName: true,
  plugin: () => (tree) => {
    eachNode(tree, 'containerDirective', (node: ContainerDirective) => {
      if (node.name !== 'details') return;
      const label = node.children[0];
      if (label?.type === 'paragraph' && (label.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
        label.data = { ...label.data, hName: 'summary' };
      }
      node.data = { hName: 'details' };
    });
  },
};

test('a directive added to the list of directive plugins is known, title rule included: no other list', async () => {
  const bodies = [':::details[Riassunto]\nTesto.\n:::\n', ':::details Riassunto\nTesto.\n:::\n'];
  try {
    await compileMd(bodies[0]!);
    assert.unreachable();
  } catch (error) {
    assert.instance(error, DocsItError);
    assert.is((error as DocsItError).message, 'unknown block `:::details`');
  }
  const compiler = createPageCompiler({ directives: [...builtinDirectives, detailsDirective] });
  for (const format of ['md', 'mdx'] as const) {
    for (const body of bodies) {
      const { html } = await compileMd(body, { compiler, format });
      assert.match(html, /^<details><summary>Riassunto<\/summary>\n?<p>Testo.<\/p>\n?<\/details>$/);
    }
    // The built-in directives are still known.
    assert.match((await compileMd(':::tip Sì\nx\n:::\n', { compiler, format })).html, 'admonition-tip');
  }
});

test('colons in text stay text (10:30, Nota:bene); a known emoji shortcode is its emoji (Docusaurus)', async () => {
  const { html } = await compileMd('Alle 10:30 scrivi Nota:bene e :sorriso: qui, :smile:.');
  assert.match(html, '<p>Alle 10:30 scrivi Nota:bene e :sorriso: qui, 😄.</p>');
});

test('a directive in a form its plugin does not handle is text, or an error saying how to write it', async () => {
  const { html } = await compileMd('Vedi :tip[questo] e :tabs qui.\n\n::note\n');
  assert.is(html, '<p>Vedi :tip[questo] e :tabs qui.</p>\n<p>::note</p>');
  try {
    await compileMd('Prima.\n\n:::doc-card-list\n:::\n');
    assert.unreachable();
  } catch (error) {
    assert.instance(error, DocsItError);
    assert.is((error as DocsItError).message, '`:::doc-card-list` is not a block: write it as `::doc-card-list`');
    assert.is((error as DocsItError).location?.line, 3);
  }
});

test('a mermaid fence and the Mermaid component keep the diagram source for the browser, in .md and .mdx', async () => {
  const fence = '```mermaid\nflowchart LR\n  A --> B\n```\n';
  const expected = '<div class="mermaid-diagram"><pre class="mermaid-source">flowchart LR\n  A --> B</pre></div>';
  // `>` in text may be written escaped or not: the same text either way.
  const same = (html: string) => html.replaceAll('&gt;', '>');
  const md = await compileMd(fence);
  assert.is(same(md.html), expected);
  assert.equal(md.problems, [], 'mermaid is not a language without a grammar');
  assert.is(same((await compileMd(fence, { format: 'mdx' })).html), expected);
  // MDX takes the indentation off the lines of a JSX expression; Mermaid does not need it.
  const component = "import Mermaid from '@theme/Mermaid';\n\n<Mermaid value={`flowchart LR\nA --> B`} />\n";
  assert.is(same((await compileMd(component, { format: 'mdx' })).html), expected.replace('  A', 'A'));
  // The first diagram of the site is where a site without the mermaid package is told to install it.
  const a = { file: 'a.md', text: '# T\n\n```js\nconst mermaid = 1;\n```\n\n```\nmermaid\n```\n' };
  const b = { file: 'b.md', text: '# T\n\n  ~~~ mermaid\ngraph TD\n~~~\n' };
  assert.equal(firstMermaidUse([a, b]), { file: 'b.md', line: 3 });
  assert.equal(firstMermaidUse([{ file: 'c.mdx', text: '\n<Mermaid value="graph TD" />' }]), {
    file: 'c.mdx',
    line: 2,
  });
  assert.is(firstMermaidUse([a]), undefined);
});

test('links and images written as JSX are checked and get the base URL like markdown ones', async () => {
  const body =
    '<a href="/v1/guida#uso">guida</a> <a href="./altro.md">altro</a>\n\n<img src="/img/logo.png" alt="" />\n';
  const compiled = await compileMd(body, { format: 'mdx' });
  assert.match(compiled.html, '<a href="/it/v1/guida#uso">guida</a>');
  assert.match(compiled.html, '<img src="/it/img/logo.png" alt=""/>');
  const { html, links } = resolveFileLinks(compiled, { 'content/docs/altro.md': '/it/v1/altro' });
  assert.match(html, '<a href="/it/v1/altro">altro</a>');
  assert.equal(
    links.map((l) => (l.kind === 'link' || l.kind === 'image' ? [l.kind, l.path, l.anchor] : [l.kind])),
    [
      ['link', '/it/v1/guida', 'uso'],
      ['link', '/it/v1/altro', undefined],
      ['image', '/it/img/logo.png', undefined],
    ],
  );
});

test('a query in a link or an image (a cache buster) stays in its URL and names no other file or route', async () => {
  const body =
    '<img src="/img/grafico.svg?v=ff1f" alt="" />\n\n![foto](./img/foto.png?v=2#x)\n\n[guida](/v1/guida?tab=npm#uso)\n';
  const { html, links } = await compileMd(body, { format: 'mdx' });
  assert.match(html, '<img src="/it/img/grafico.svg?v=ff1f" alt=""/>');
  assert.match(html, '<a href="/it/v1/guida?tab=npm#uso">guida</a>');
  assert.match(html, /<img src="docs-it-asset:content%2Fdocs%2Fimg%2Ffoto\.png\?v=2#x" alt="foto"\/>/);
  assert.equal(
    links.map((l) => ('path' in l ? [l.kind, l.path, l.anchor] : [l.kind, l.target])),
    [
      ['image', '/it/img/grafico.svg', undefined],
      ['asset', 'content/docs/img/foto.png'],
      ['link', '/it/v1/guida', 'uso'],
    ],
  );
});

test('MDX: Tabs/TabItem components, imported fragments, admonitions', async () => {
  const body =
    "import Requisiti from './_requisiti.md'\n\n## Titolo\n\n<Requisiti />\n\n<Tabs " +
    'groupId="pm">\n<TabItem value="npm" label="npm">\n\nUno\n\n</TabItem>\n<TabItem ' +
    'value="yarn">\n\nDue\n\n</TabItem>\n</Tabs>\n\n:::note\nNota MDX\n:::\n';
  const { html, toc } = await compileMd(body, {
    format: 'mdx',
    fragments: { './_requisiti.md': '## Requisiti\n\nServe **Rust**.\n' },
  });
  assert.match(html, '<strong>Rust</strong>');
  assert.match(html, 'role="tab"');
  assert.match(html, 'data-value="yarn" hidden');
  assert.match(html, 'admonition-note');
  assert.equal(
    toc.map((t) => t.id),
    ['titolo', 'requisiti'],
  );
});

test('an MDX syntax error carries its line and column', async () => {
  try {
    await compileMd('## Ok\n\n<Tabs>\n', { format: 'mdx' });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, DocsItError);
    assert.is((error as DocsItError).location?.file, 'content/docs/page.mdx');
    assert.ok(((error as DocsItError).location?.line ?? 0) >= 3);
  }
});

test('an MDX expression or import that does not parse says so in plain words, at its place', async () => {
  const errorOf = async (body: string) => {
    try {
      await compileMd(body, { format: 'mdx' });
    } catch (error) {
      return formatError(error as DocsItError);
    }
    return 'compiled';
  };
  const expression = await errorOf('# Titolo\n\nIl prezzo è {a b} euro.\n');
  assert.match(
    expression,
    'content/docs/page.mdx:3:15: this {…} is not a valid JavaScript expression (unexpected content after ' +
      'expression): MDX reads what is between { and } as code',
  );
  assert.match(expression, 'for a brace that is text write \\{');
  assert.not.match(expression, 'acorn');
  const open = await errorOf('Prezzo {costo\n');
  assert.match(open, 'content/docs/page.mdx:1:14: Unexpected end of file in expression');
  assert.match(open, 'for a brace that is text write \\{');
  const esm = await errorOf('import X from "a" b\n\nTesto.\n');
  assert.match(esm, 'content/docs/page.mdx:1:19: this import or export is not valid JavaScript (unexpected token)');
});

test('blog excerpt ends at <!-- truncate -->', async () => {
  const { excerptHtml, html } = await compileMd('Riassunto.\n\n<!-- truncate -->\n\n## Resto\n\nAltro.\n', {
    excerpt: true,
  });
  assert.is(excerptHtml, '<p>Riassunto.</p>\n');
  assert.match(html, 'Altro.');
});

test('::doc-card-list leaves a marker and its position', async () => {
  const { html, cardList } = await compileMd('Testo.\n\n::doc-card-list\n');
  assert.match(html, '<div data-docs-it-card-list=""></div>');
  assert.equal(cardList, { line: 3, column: 1 });
});

test('JS and JSX blocks are highlighted with the TSX grammar: keywords, strings and JSX tags get colours', async () => {
  const highlighter = createHighlighter();
  for (const lang of ['js', 'javascript', 'jsx', 'mjs']) {
    assert.is(highlighter.resolveLanguage(lang), 'tsx', lang);
    const html = await highlighter.highlight({
      code: "const saluto = 'ciao';\nconst el = <Pulsante onClick={invia} />;",
      lang: highlighter.resolveLanguage(lang)!,
      highlightLines: [],
      showLineNumbers: false,
    });
    assert.match(html, /<span style="color:var\(--shiki-token-keyword\)">const<\/span>/, lang);
    assert.match(html, /<span style="color:var\(--shiki-token-string-expression\)"> ?'ciao'<\/span>/, lang);
    assert.match(html, /<span style="color:var\(--shiki-token-[a-z-]+\)"> ?Pulsante<\/span>/, lang);
  }
});

test('bare URLs and e-mail addresses become links with the autolink search guarded; others skip it', async () => {
  const processor = unified().use(remarkParse).use(remarkGfm).freeze();
  assert.ok(
    guardAutolinkSearch((processor.data('fromMarkdownExtensions') as unknown[] | undefined) ?? []),
    "the guard found remark-gfm's autolink search (the same copy of mdast-util-gfm-autolink-literal)",
  );
  const { html } = await compileMd(
    'Vedi WWW.esempio.it/guida, HTTPS://tauri.app o scrivi a info&#64;esempio.it (`nessuno@qui.it`).\n',
  );
  assert.match(html, '<a href="http://WWW.esempio.it/guida">WWW.esempio.it/guida</a>');
  assert.match(html, '<a href="HTTPS://tauri.app">HTTPS://tauri.app</a>');
  // A character reference is text like any other once decoded: the guard reads text, not the source.
  assert.match(html, '<a href="mailto:info@esempio.it">info@esempio.it</a>');
  assert.match(html, '<code>nessuno@qui.it</code>');
  const plain = await compileMd('Niente da collegare qui: solo testo, `codice@x.y` e [un link](https://a.b).\n');
  assert.not.match(plain.html, 'mailto:');
  assert.is((plain.html.match(/<a /g) ?? []).length, 1);
});

test.run();
