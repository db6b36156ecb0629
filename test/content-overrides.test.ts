// Overrides of the theme's components a page's content draws (Admonition, CodeBlock) and of those around it
// (DocItem/Footer, BlogPostItem), built into the French fixture site: each drawn by the site's file, with the props
// Docusaurus gives, in `.md` pages and MDX pages alike; the content ones as islands the browser hydrates. A wrapped
// original draws what the theme draws without an override, and a site without overrides gets the pages it got.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { copyFixture, quietly, removeDir, repoRoot } from './helpers';

const contentOverrides = {
  // Wraps the theme's: a counter the browser makes work, above the theme's box.
  'src/theme/Admonition.tsx': [
    "import Original from '@theme-original/Admonition';",
    "import type { AdmonitionProps } from 'docs-it';",
    "import { useState } from 'react';",
    '',
    'export default function Admonition(props: AdmonitionProps) {',
    '  const [seen, setSeen] = useState(0);',
    '  return (',
    '    <div className="atelier-encadre" data-type={props.type} data-title={String(props.title ?? "")}>',
    '      <button type="button" onClick={() => setSeen(seen + 1)}>Lu {seen} fois</button>',
    '      <Original {...props} />',
    '    </div>',
    '  );',
    '}',
    '',
  ].join('\n'),
  'src/theme/CodeBlock.tsx': [
    "import Original from '@theme-original/CodeBlock';",
    "import type { CodeBlockProps } from 'docs-it';",
    '',
    'export default function CodeBlock(props: CodeBlockProps) {',
    '  return (',
    '    <figure className="atelier-code">',
    '      <Original {...props} />',
    '      <figcaption>{props.title ?? "Extrait"}</figcaption>',
    '    </figure>',
    '  );',
    '}',
    '',
  ].join('\n'),
  // Docusaurus's folder form of a name with a slash.
  'src/theme/DocItem/Footer/index.tsx': [
    "import Original from '@theme-original/DocItem/Footer';",
    "import type { DocItemFooterProps } from 'docs-it';",
    '',
    'export default function DocItemFooter(props: DocItemFooterProps) {',
    '  return (',
    '    <>',
    '      <Original {...props} />',
    '      <p className="atelier-avis">Cette page vous a-t-elle aidé ?</p>',
    '    </>',
    '  );',
    '}',
    '',
  ].join('\n'),
  'src/theme/BlogPostItem.tsx': [
    "import Original from '@theme-original/BlogPostItem';",
    "import type { BlogPostItemProps } from 'docs-it';",
    '',
    'export default function BlogPostItem(props: BlogPostItemProps) {',
    '  return (',
    '    <section className="atelier-billet" data-page={String(props.isBlogPostPage)}>',
    '      <Original {...props} />',
    '    </section>',
    '  );',
    '}',
    '',
  ].join('\n'),
  'src/components/Encadre.tsx': [
    "import Admonition from '@theme/Admonition';",
    '',
    'export default function Encadre() {',
    '  return <Admonition type="note" title="Encadré">Dans un composant.</Admonition>;',
    '}',
    '',
  ].join('\n'),
  'content/docs/reference/composants.mdx': [
    '---',
    'title: Composants',
    '---',
    '',
    "import Encadre from '@site/src/components/Encadre';",
    '',
    ':::info[Dans une page MDX]',
    'Du **texte**.',
    ':::',
    '',
    '<Admonition type="warning">Attention aux marges.</Admonition>',
    '',
    '```js title="exemple.js" showLineNumbers',
    'const marge = 12;',
    '```',
    '',
    '<Encadre />',
    '',
  ].join('\n'),
};

const withOverrides = copyFixture('other-site', contentOverrides);
// The same site without the overrides (the MDX page and its component kept), the fixture's own admonition's too.
const without = copyFixture('other-site', {
  'src/components/Encadre.tsx': contentOverrides['src/components/Encadre.tsx'],
  'content/docs/reference/composants.mdx': contentOverrides['content/docs/reference/composants.mdx'],
});
rmSync(path.join(without, 'src/theme/Admonition.tsx'));

test.before(async () => {
  for (const dir of [withOverrides, without])
    await quietly(() => buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts') }));
});
test.after(() => {
  removeDir(withOverrides);
  removeDir(without);
});

const read = (dir: string, page: string) => readFileSync(path.join(dir, 'build/docs', page, 'index.html'), 'utf8');
/** The page's text (inside `.content`). */
const contentOf = (html: string) => html.slice(html.indexOf('<div class="content">'), html.indexOf('</article>'));
/** The islands of a page: each one's component, props, and the HTML it holds. */
function islandsOf(html: string): { component: string; props: Record<string, unknown>; html: string }[] {
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<docs-it-island data-component="([^"]+)" data-props="([^"]*)"[^>]*>/g)].map((m) => {
    const start = m.index! + m[0].length;
    let depth = 1;
    let at = start;
    const tag = /<(\/?)docs-it-island\b/g;
    tag.lastIndex = start;
    for (let next = tag.exec(html); next; next = tag.exec(html)) {
      depth += next[1] ? -1 : 1;
      if (depth === 0) {
        at = next.index;
        break;
      }
    }
    return {
      component: m[1]!,
      props: JSON.parse(decode(m[2]!)) as Record<string, unknown>,
      html: html.slice(start, at),
    };
  });
}
const withoutSlots = (html: string) => html.replace(/<\/?docs-it-slot>/g, '');

test('an admonition of a .md page: the override’s island, with type and the title the page wrote', () => {
  const islands = islandsOf(contentOf(read(withOverrides, 'manuel/premiers-pas/installation')));
  const tip = islands.find((i) => i.component === '@theme/Admonition')!;
  assert.equal(tip.props, { type: 'tip', title: 'Un conseil' });
  assert.match(
    tip.html,
    /^<div class="atelier-encadre" data-type="tip" data-title="Un conseil"><button type="button">Lu 0 fois<\/button>/,
  );
  // The wrapped original draws what the theme draws for `:::tip` without an override, the content in a slot.
  const theme = /<div class="admonition admonition-tip"[\s\S]*?<\/div><\/div>/;
  assert.is(
    withoutSlots(theme.exec(tip.html)![0]),
    theme.exec(contentOf(read(without, 'manuel/premiers-pas/installation')))![0],
  );
});

test('an admonition without a title gets none: the theme titles it after its kind, in French', () => {
  const islands = islandsOf(contentOf(read(withOverrides, 'manuel/premiers-pas/premier-livre')));
  assert.equal(
    islands.map((i) => i.props),
    [{ type: 'note' }],
  );
  assert.match(islands[0]!.html, 'data-title=""');
  assert.match(islands[0]!.html, '<p class="admonition-heading">Remarque</p>');
});

test('a code block: the override’s island, with the code, its language class, title and meta string', () => {
  const page = contentOf(read(withOverrides, 'manuel/premiers-pas/installation'));
  const code = islandsOf(page).find((i) => i.component === '@theme/CodeBlock')!;
  assert.equal(code.props, {
    children: 'atelier --bibliotheque ~/Images/albums',
    className: 'language-bash',
    title: 'terminal',
    metastring: 'title="terminal"',
  });
  // The original inside the figure is the theme's highlighted block, byte for byte.
  const block = /<div class="code-block[\s\S]*?<\/pre><\/div>/;
  assert.is(block.exec(code.html)![0], block.exec(contentOf(read(without, 'manuel/premiers-pas/installation')))![0]);
  assert.match(code.html, /<\/div><figcaption>terminal<\/figcaption><\/figure>$/);
});

test('MDX: `:::info`, `<Admonition>` and a fence are islands; a component’s admonition is the override’s', () => {
  const page = contentOf(read(withOverrides, 'manuel/reference/composants'));
  const islands = islandsOf(page);
  assert.equal(
    islands.map((i) => [i.component, i.props]),
    [
      ['@theme/Admonition', { type: 'info', title: 'Dans une page MDX' }],
      ['@theme/Admonition', { type: 'warning' }],
      [
        '@theme/CodeBlock',
        {
          children: 'const marge = 12;',
          className: 'language-js',
          title: 'exemple.js',
          metastring: 'title="exemple.js" showLineNumbers',
          showLineNumbers: true,
        },
      ],
    ],
  );
  assert.match(islands[0]!.html, '<docs-it-slot><p>Du <strong>texte</strong>.</p></docs-it-slot>');
  assert.match(islands[1]!.html, '<p class="admonition-heading">Avertissement</p>');
  // The site's component draws the override of the theme's Admonition (its own island hydrates it).
  assert.match(page, /<div class="atelier-encadre" data-type="note" data-title="Encadré">.*Dans un composant\./s);
  assert.equal(islandsOf(read(without, 'manuel/reference/composants')), [], 'no island without an override');
});

test('the doc footer and the blog posts: drawn by the site’s overrides around the theme’s', () => {
  assert.match(
    read(withOverrides, 'manuel/premiers-pas/installation'),
    '<p class="atelier-avis">Cette page vous a-t-elle aidé ?</p>',
  );
  const list = read(withOverrides, 'blog');
  assert.match(
    list,
    /<section class="atelier-billet" data-page="false"><article class="blog-summary"><h2><a href="[^"]+papiers-mats"/,
  );
  assert.is([...list.matchAll(/class="atelier-billet"/g)].length, 2);
  const post = read(withOverrides, 'blog/2025/02/10/atelier-2-0');
  assert.match(
    post,
    /<section class="atelier-billet" data-page="true"><article class="markdown blog-post"><header><h1>Atelier 2\.0/,
  );
  // Inside the wrapper, the theme's post as it is without an override.
  const article = /<article class="markdown blog-post">[\s\S]*?<\/article>/;
  assert.is(article.exec(post)![0], article.exec(read(without, 'blog/2025/02/10/atelier-2-0'))![0]);
});

test('without overrides, admonitions and code blocks are the theme’s markup, with no island', () => {
  const page = contentOf(read(without, 'manuel/premiers-pas/installation'));
  assert.not.match(page, 'docs-it-island');
  assert.match(
    page,
    '<div class="admonition admonition-tip" role="note"><p class="admonition-heading">Un conseil</p>' +
      '<div class="admonition-content"><p>Placez la bibliothèque',
  );
  assert.match(
    page,
    '<div class="code-block has-title" data-lang="bash"><div class="code-title">terminal</div><pre class="shiki"',
  );
});

test('compiled in worker threads, the pages are the same', async () => {
  const out = path.join(withOverrides, 'build-workers');
  await quietly(() =>
    buildSite({
      packageRoot: repoRoot,
      config: path.join(withOverrides, 'site.config.ts'),
      out,
      jobs: 2,
      noCache: true,
    }),
  );
  for (const page of ['manuel/premiers-pas/installation', 'manuel/reference/composants'])
    assert.is(readFileSync(path.join(out, 'docs', page, 'index.html'), 'utf8'), read(withOverrides, page));
});

test.run();
