// `docs-it swizzle <Name>`: the starting file of an override, which wraps the theme's component (or, with --eject, is
// a copy of it) and builds as it is; an ejected copy draws what the theme draws.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../src/build/build-site';
import { swizzleCommand } from '../src/cli/swizzle-command';
import { builtinModules } from '../src/shared/builtin-modules';
import { propsTypeName, themeComponentNames } from '../src/shared/theme-components';
import { copyFixture, pipeEnv, quietly, removeDir, repoRoot, textReporter } from './helpers';

const bin = path.join(repoRoot, 'bin/docs-it.mjs');
const docsIt = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: pipeEnv(), timeout: 180_000 });

const dir = copyFixture('other-site');
test.after(() => removeDir(dir));

test('swizzle Footer writes a wrapper of the theme’s footer, which the site then draws', async () => {
  rmSync(path.join(dir, 'src/theme/Footer.tsx'));
  const run = docsIt('swizzle', 'Footer', '--dir', dir);
  assert.is(run.status, 0, run.stderr);
  const file = path.join(dir, 'src/theme/Footer.tsx');
  const text = readFileSync(file, 'utf8');
  assert.match(text, "import Original from '@theme-original/Footer';");
  assert.match(text, "import type { FooterProps } from 'docs-it';");
  // What a site then adds around the original.
  writeFileSync(
    file,
    text.replace('return <Original {...props} />;', 'return <><Original {...props} /><p>Ajouté</p></>;'),
  );
  const out = path.join(dir, 'build');
  await quietly(() => buildSite({ packageRoot: repoRoot, config: path.join(dir, 'site.config.ts'), out }));
  const html = readFileSync(path.join(out, 'docs/manuel/premiers-pas/premier-livre/index.html'), 'utf8');
  assert.match(html, /<footer class="footer">.*Raccourcis clavier.*<\/footer><p>Ajouté<\/p>/s);
});

test('swizzle keeps an override that is there, unless --force', () => {
  const run = docsIt('swizzle', 'DocCard', '--dir', dir);
  assert.is.not(run.status, 0);
  assert.match(run.stderr, 'src/theme/DocCard.tsx already exists');
  assert.match(readFileSync(path.join(dir, 'src/theme/DocCard.tsx'), 'utf8'), 'atelier-badge');
  assert.is(docsIt('swizzle', 'DocCard', '--dir', dir, '--force').status, 0);
  assert.match(readFileSync(path.join(dir, 'src/theme/DocCard.tsx'), 'utf8'), 'DocCardWrapper');
});

test('swizzle of no theme component: a usage error with the closest name and those there are', () => {
  const run = docsIt('swizzle', 'Fotter', '--dir', dir);
  assert.is(run.status, 2);
  assert.match(run.stderr, 'the theme has no component "Fotter"');
  assert.match(
    run.stderr,
    'Did you mean Footer? Use one of: Navbar, Logo, SearchBar, Footer, DocCard, DocItem/Footer, Admonition, ' +
      'CodeBlock, BlogPostItem, NotFound.',
  );
  assert.is(docsIt('swizzle', 'Admonition', '--wrap', '--eject', '--dir', dir).status, 2, '--wrap or --eject');
});

test('swizzle DocItem/Footer: in a folder of its first part, typed with the props docs-it exports for it', () => {
  const run = docsIt('swizzle', 'DocItem/Footer', '--dir', dir);
  assert.is(run.status, 0, run.stderr);
  const text = readFileSync(path.join(dir, 'src/theme/DocItem/Footer.tsx'), 'utf8');
  assert.match(text, "import Original from '@theme-original/DocItem/Footer';");
  assert.match(text, "import type { DocItemFooterProps } from 'docs-it';");
  assert.match(text, 'export default function DocItemFooterWrapper(props: DocItemFooterProps) {');
  rmSync(path.join(dir, 'src/theme/DocItem'), { recursive: true });
});

test('every component a site can override has its props type exported from docs-it', () => {
  const index = readFileSync(path.join(repoRoot, 'src/index.ts'), 'utf8');
  for (const name of themeComponentNames) assert.match(index, new RegExp(`\\b${propsTypeName(name)},`), name);
});

test('@docusaurus/theme-common/internal gives a site’s code what the theme’s components import', async () => {
  const internal = await import('../templates/content/theme-internal');
  assert.equal(Object.keys(internal).sort(), Object.keys(builtinModules['@docusaurus/theme-common/internal']).sort());
});

/** The pages of a build that show every overridable component, each as the reader gets it. */
const pagesOf = (out: string): Record<string, string> => {
  const files: Record<string, string> = { '404': path.join(out, 'docs/404.html') };
  for (const page of [
    'manuel/premiers-pas/installation',
    'manuel/premiers-pas/premier-livre',
    'manuel/category/mise-en-page',
    'manuel/reference/composants',
    'blog',
    'blog/2025/02/10/atelier-2-0',
  ])
    files[page] = path.join(out, 'docs', page, 'index.html');
  return Object.fromEntries(Object.entries(files).map(([page, file]) => [page, readFileSync(file, 'utf8')]));
};
/** A page with the names of its hashed assets left out, and its islands' elements (not what they hold). */
const comparable = (html: string) =>
  html
    .replace(/\.[A-Z0-9]{8}\.(js|css)/g, '.$1')
    .replace(/<docs-it-island[^>]*>|<\/docs-it-island>|<\/?docs-it-slot>/g, '');

test('swizzle --eject of every component: copies that build as they are and draw what the theme draws', async () => {
  const site = copyFixture('other-site', {
    'content/docs/premiers-pas/mise-en-page/_category_.json': JSON.stringify({
      label: 'Mise en page',
      position: 3,
      link: { type: 'generated-index' },
    }),
    'content/docs/reference/composants.mdx':
      '---\ntitle: Composants\n---\n\n<Admonition type="warning">Attention aux **marges**.</Admonition>\n\n' +
      '```js title="exemple.js" showLineNumbers\nconst marge = 12;\n```\n',
  });
  try {
    rmSync(path.join(site, 'src/theme'), { recursive: true });
    const build = async (out: string) => {
      await quietly(() => buildSite({ packageRoot: repoRoot, config: path.join(site, 'site.config.ts'), out }));
      return pagesOf(out);
    };
    const theme = await build(path.join(site, 'build-theme'));
    const { reporter } = textReporter();
    for (const name of themeComponentNames)
      await swizzleCommand({ name, dir: site, force: false, eject: true, packageRoot: repoRoot }, reporter);
    const admonition = readFileSync(path.join(site, 'src/theme/Admonition.tsx'), 'utf8');
    assert.match(admonition, "import type { AdmonitionProps } from 'docs-it';");
    assert.match(admonition, "} from '@docusaurus/theme-common/internal';");
    assert.match(
      admonition,
      "export default function Admonition({ type = 'note', title, children }: AdmonitionProps) {",
    );
    assert.not.match(admonition, /from '\./, 'nothing a site does not have');
    const ejected = await build(path.join(site, 'build-ejected'));
    assert.ok(
      ejected['manuel/premiers-pas/installation']!.includes('data-component="@theme/Admonition"'),
      'the admonitions are the site’s',
    );
    for (const [page, html] of Object.entries(theme))
      assert.fixture(comparable(ejected[page]!), comparable(html), page);
  } finally {
    removeDir(site);
  }
});

test.run();
