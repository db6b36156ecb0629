// A site's overrides of theme components (`src/theme/<Name>.tsx`, `src/theme/DocItem/Footer.tsx`): a file named after
// no theme component is an error at that file, naming the component it most likely meant; an override that throws
// fails the build at its line, the content components' (compiled with the page) as the frame's (rendered with it).

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { themeNamesOfSite } from '../src/site/site';
import { processTmpDir } from './build-outputs';
import { buildErrors, copyFixture, discovered, quietly, removeDir, repoRoot } from './helpers';

const footer = 'export default function Footer() { return <footer>Pied de page</footer>; }\n';

test('a misspelt override is an error at its file, with the component it most likely meant', async () => {
  const errors = await buildErrors('other-site', { 'src/theme/Fotter.tsx': footer });
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /^src\/theme\/Fotter\.tsx:1:1: .*overrides no theme component: there is none named Fotter/);
  assert.match(errors[0]!, 'Did you mean Footer? Rename it Footer.tsx.');
});

test('an override in a folder is named by the folder', async () => {
  const errors = await buildErrors('other-site', { 'src/theme/DocCrad/index.tsx': footer });
  assert.match(errors[0]!, /^src\/theme\/DocCrad\/index\.tsx:1:1: /);
  assert.match(errors[0]!, 'Did you mean DocCard? Rename it DocCard/index.tsx.');
});

test('a name like no theme component lists those a site can override', async () => {
  const errors = await buildErrors('other-site', { 'src/theme/Carousel.tsx': footer });
  assert.match(errors[0]!, 'none named Carousel');
  assert.match(
    errors[0]!,
    'The components a site can override: Navbar, Logo, SearchBar, Footer, DocCard, DocItem/Footer, Admonition, ' +
      'CodeBlock, BlogPostItem, NotFound.',
  );
  assert.not.match(errors[0]!, 'Did you mean');
});

test("a file named like no theme component that a page imports is the site's own component", async () => {
  const errors = await buildErrors('other-site', {
    'src/theme/Carousel.tsx': 'export default function Carousel() { return <div className="carosello" />; }\n',
    'content/docs/carosello.mdx': "# Carosello\n\nimport Carousel from '@theme/Carousel';\n\n<Carousel />\n",
  });
  assert.equal(errors, []);
});

test('a file of src/theme named like a module docs-it provides, imported by nothing, is an error', async () => {
  const errors = await buildErrors('other-site', {
    'src/theme/Tabs.tsx': 'export default function Tabs() { return null; }\n',
  });
  assert.match(errors.join('\n'), /^src\/theme\/Tabs\.tsx:1:1: .*there is none named Tabs/);
  assert.match(errors.join('\n'), "docs-it provides @theme/Tabs itself: nothing imports this file, so docs-it's");
});

test('the names pages and code import from @theme/ are looked for only in a site with src/theme', async () => {
  const dir = mkdtempSync(path.join(processTmpDir(), 'theme-names-'));
  mkdirSync(path.join(dir, 'src/components'), { recursive: true });
  writeFileSync(path.join(dir, 'src/components/Uses.tsx'), "import Carousel from '@theme/Carousel';\n");
  try {
    const content = discovered({});
    // Without the folder no file can be a component of the site's own: its code is not read for names.
    assert.equal([...(await themeNamesOfSite(dir, content))], []);
    mkdirSync(path.join(dir, 'src/theme'));
    assert.equal([...(await themeNamesOfSite(dir, content))], ['Carousel']);
  } finally {
    removeDir(dir);
  }
});

test('@theme-original/ of no theme component is an error at the import, with the closest name', async () => {
  const errors = await buildErrors('other-site', {
    'src/theme/Footer.tsx': "import Original from '@theme-original/Fotter';\nexport default Original;\n",
  });
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /^src\/theme\/Footer\.tsx:1:\d+: /);
  assert.match(errors[0]!, '@theme-original/Fotter is no theme component: did you mean @theme-original/Footer?');
});

test('an override that throws while it renders fails the build at its file and line', async () => {
  const throwing = [
    "import type { FooterProps } from 'docs-it';",
    '',
    'export default function Footer({ footer }: FooterProps) {',
    "  if (footer.copyright) throw new Error('pied de page cassé');",
    '  return <footer />;',
    '}',
    '',
  ].join('\n');
  const errors = await buildErrors('other-site', { 'src/theme/Footer.tsx': throwing });
  assert.ok(errors.length > 0);
  assert.match(errors[0]!, /^src\/theme\/Footer\.tsx:4:\d+: rendering \/docs\/.* failed: .*pied de page cassé/);
});

test('a folder of a name’s first part holds that component; a misspelt one names the right one', async () => {
  const errors = await buildErrors('other-site', { 'src/theme/DocItem/Fotter.tsx': footer });
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /^src\/theme\/DocItem\/Fotter\.tsx:1:1: .*there is none named DocItem\/Fotter/);
  assert.match(errors[0]!, 'Did you mean DocItem/Footer? Rename it DocItem/Footer.tsx.');
});

/** An override of `name` whose line 4 throws while it renders (compiled pages: in a worker thread). */
const throwing = (name: string, props: string) =>
  [
    `import type { ${props} } from 'docs-it';`,
    '',
    `export default function Broken(props: ${props}) {`,
    `  if (props) throw new Error('${name} cassé');`,
    '  return null;',
    '}',
    '',
  ].join('\n');

test('a content override that throws fails the compile of each page it draws, at its file and line', async () => {
  const errors = await buildErrors(
    'other-site',
    {
      'src/theme/Admonition.tsx': throwing('Admonition', 'AdmonitionProps'),
      'src/theme/CodeBlock/index.tsx': throwing('CodeBlock', 'CodeBlockProps'),
    },
    { jobs: 2 },
  );
  const at = (file: string, page: string) =>
    new RegExp(`^${file}:4:\\d+: compiling /docs/manuel/premiers-pas/${page} failed: .*threw: \\w+ cassé`);
  // The installation page draws a code block first, the first book page an admonition alone.
  assert.ok(
    errors.some((e) => at('src/theme/CodeBlock/index\\.tsx', 'installation').test(e)),
    errors.join('\n'),
  );
  assert.ok(
    errors.some((e) => at('src/theme/Admonition\\.tsx', 'premier-livre').test(e)),
    errors.join('\n'),
  );
});

test('a doc footer or a blog post override that throws fails the page’s render at its file and line', async () => {
  const errors = await buildErrors('other-site', {
    'src/theme/DocItem/Footer.tsx': throwing('DocItem/Footer', 'DocItemFooterProps'),
  });
  assert.match(
    errors[0]!,
    /^src\/theme\/DocItem\/Footer\.tsx:4:\d+: rendering \/docs\/manuel\/.* failed: .*DocItem\/Footer cassé/,
  );
  const blog = await buildErrors('other-site', {
    'src/theme/BlogPostItem.tsx': throwing('BlogPostItem', 'BlogPostItemProps'),
  });
  assert.match(blog[0]!, /^src\/theme\/BlogPostItem\.tsx:4:\d+: rendering \/docs\/blog.* failed: .*BlogPostItem cassé/);
});

test('an edited override renders again on the next build, though the pages did not change', async () => {
  const dir = copyFixture('other-site');
  try {
    const build = () => quietly(() => buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts') }));
    const page = () => readFileSync(path.join(dir, 'build/docs/manuel/premiers-pas/premier-livre/index.html'), 'utf8');
    await build();
    assert.match(page(), 'Mentions légales');
    const file = path.join(dir, 'src/theme/Footer.tsx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Mentions légales', 'Informations légales'));
    await build();
    assert.match(page(), 'Informations légales');
    assert.not.match(page(), 'Mentions légales');
  } finally {
    removeDir(dir);
  }
});

test.run();
