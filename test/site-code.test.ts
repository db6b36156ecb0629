// How the site's code is read: CSS modules scoped alike in every bundle, the stylesheets it imports in order, JSX in
// `.js` files, images of the static folder, import paths escaped as JavaScript reads them, and every error of a
// bundle at its place.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { moduleFiles } from '../src/cache/module-files';
import { docsItErrorsOf, formatError } from '../src/errors';
import { importsOf } from '../src/markdown/mdx-imports';
import { bundleClient } from '../src/site/bundle/bundle-client';
import { bundleSiteCode } from '../src/site/code/bundle-site-code';
import { compileCssModule } from '../src/site/code/site-css';
import { loadThemeOverrides } from '../src/site/code/theme-overrides';
import { processTmpDir } from './build-outputs';
import { clientConfigFor, fixture, removeDir, repoRoot } from './helpers';

/** Runs `check` on a site folder in test/.tmp with these files (static ones in content/static), then removes it. */
async function withSite(files: Record<string, string>, check: (root: string) => Promise<void>): Promise<void> {
  const parent = processTmpDir();
  mkdirSync(parent, { recursive: true });
  const root = mkdtempSync(path.join(parent, 'site-code-'));
  try {
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    }
    await check(root);
  } finally {
    removeDir(root);
  }
}

const siteOf = (root: string) => ({ root, baseUrl: '/sito/', staticDir: path.join(root, 'content/static') });

/** The server's bundle of these files of the site (relative to its folder), each a namespace of the entry. */
function bundleOf(root: string, ...files: string[]) {
  const entry = files.map((f, i) => `export * as m${i} from ${JSON.stringify(path.join(root, f))};`).join('\n');
  return bundleSiteCode({ site: siteOf(root), entry, sourcefile: 'site-code.js', hint: 'Fix it.', fallbackFile: 'x' });
}

/** The errors of bundling these files, as printed. */
async function bundleErrors(root: string, ...files: string[]): Promise<string[]> {
  try {
    await bundleOf(root, ...files);
  } catch (error) {
    return docsItErrorsOf(error).map(formatError);
  }
  return [];
}

const cards = {
  'src/a/styles.module.css':
    '.title { color: red; }\n@keyframes spin { to { rotate: 1turn; } }\n:global(.kept) .title {}\n',
  'src/b/styles.module.css': '.title { color: blue; }\n',
  'src/global.css': '.plain { color: green; }\n',
  'src/Card.js':
    "import './global.css';\nimport a from './a/styles.module.css';\nimport b from './b/styles.module.css';\n" +
    'export default function Card() {\n  return <p className={[a.title, b.title].join(" ")}>card</p>;\n}\n' +
    'export const names = { a, b };\n',
};

test('two styles.module.css of different folders scope .title apart, under the same names every time', () =>
  withSite(cards, async (root) => {
    const a = await compileCssModule(path.join(root, 'src/a/styles.module.css'), root);
    const b = await compileCssModule(path.join(root, 'src/b/styles.module.css'), root);
    assert.match(a.names.title!, /^styles_[0-9a-f]{6}_title$/);
    assert.match(b.names.title!, /^styles_[0-9a-f]{6}_title$/);
    assert.is.not(a.names.title, b.names.title);
    assert.match(a.names.spin!, /^styles_[0-9a-f]{6}_spin$/);
    assert.match(a.css, `.kept .${a.names.title} {`);
    assert.match(a.css, `@keyframes ${a.names.spin} {`);
    // Named after the file's place in the site, not its text: an edit keeps the names pages were rendered with.
    writeFileSync(path.join(root, 'src/a/styles.module.css'), '.title { color: purple; }\n');
    assert.is((await compileCssModule(path.join(root, 'src/a/styles.module.css'), root)).names.title, a.names.title);
  }));

test("the server's bundle and the browser's name a CSS module alike; its imported stylesheets in order", () =>
  withSite(cards, async (root) => {
    const title = (await compileCssModule(path.join(root, 'src/a/styles.module.css'), root)).names.title!;
    const server = await bundleOf(root, 'src/Card.js');
    assert.match(server.code, `"${title}"`);
    assert.equal(
      server.styles.map((file) => path.relative(root, file)),
      ['src/global.css', 'src/a/styles.module.css', 'src/b/styles.module.css'],
    );
    const client = await bundleClient({
      packageRoot: repoRoot,
      baseUrl: '/sito/',
      mode: 'production',
      clientConfig: await clientConfigFor(path.join(fixture('basic'), 'site.config.ts')),
      siteRoot: root,
      staticDir: path.join(root, 'content/static'),
      components: path.join(root, 'src/Card.js'),
    });
    const js = client.files.filter((f) => f.path.endsWith('.js')).map((f) => new TextDecoder().decode(f.contents));
    assert.ok(
      js.some((text) => text.includes(`"${title}"`)),
      'the browser has the same name',
    );
    // The rules are the site stylesheet's: the browser's bundle carries none of them.
    assert.equal(
      client.files.filter((f) => f.path.endsWith('.css')).map((f) => path.basename(f.path).replace(/\..*/, '')),
      ['styles'],
    );
  }));

test('an image of the static folder, imported by @site/static/ or by its path, is its published URL', () =>
  withSite(
    {
      'content/static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
      'src/Logo.tsx':
        "import a from '@site/static/img/logo.svg';\nimport b from '/img/logo.svg';\n" +
        'export const urls = [a, b, require("@site/static/img/logo.svg")];\n',
    },
    async (root) => {
      const { code } = await bundleOf(root, 'src/Logo.tsx');
      assert.is(code.split('"/sito/img/logo.svg"').length - 1, 1, 'one module, imported three times');
      assert.not.match(code, 'data:image');
    },
  ));

test('every error of a bundle is reported at its place: JSX in .js, CSS modules, a missing static image', () =>
  withSite(
    {
      'src/A.js': 'export default function A() {\n  return <p>a</span>;\n}\n',
      'src/b.module.css': '.b {\n  color: red;\n',
      'src/c.module.css': ".c {\n  composes: b from './b.module.css';\n}\n",
      'src/B.tsx':
        "import styles from './b.module.css';\nimport logo from '/img/none.png';\nimport c from './c.module.css';\n" +
        'export { styles, logo, c };\n',
    },
    async (root) => {
      const errors = await bundleErrors(root, 'src/A.js', 'src/B.tsx');
      assert.equal(errors.length, 4, errors.join('\n'));
      assert.match(errors.join('\n'), 'src/A.js:2:16: Unexpected closing "span" tag does not match opening "p" tag');
      assert.match(errors.join('\n'), 'src/b.module.css:3:1: Expected "}" to go with "{"\n  → Fix the CSS module');
      assert.match(
        errors.join('\n'),
        'src/B.tsx:2:18: missing image /img/none.png: the static folder has no content/static/img/none.png\n' +
          '  → Add the file under content/static/ (it is published at /sito/img/none.png), or fix the path.',
      );
      // Its names would not be those the other file has everywhere else.
      assert.match(
        errors.join('\n'),
        'src/c.module.css:2:20: composes from another file (./b.module.css) is not supported\n  → Compose a class',
      );
    },
  ));

test("an override of a theme component styled by a CSS module brings its stylesheet to the site's", () =>
  withSite(
    {
      'src/theme/Footer.module.css': '.footer { color: teal; }\n',
      'src/theme/Footer.tsx':
        "import styles from './Footer.module.css';\n" +
        'export default function Footer() {\n  return <footer className={styles.footer}>piè di pagina</footer>;\n}\n',
    },
    async (root) => {
      try {
        const modules = moduleFiles(path.join(root, 'modules'));
        const overrides = await loadThemeOverrides(siteOf(root), modules);
        assert.equal(
          overrides.styles.map((file) => path.relative(root, file)),
          [path.join('src', 'theme', 'Footer.module.css')],
        );
      } finally {
        // The templates draw the theme's own footer again for the other tests of this process.
        await loadThemeOverrides(siteOf(path.join(root, 'none')), moduleFiles(path.join(root, 'modules')));
      }
    },
  ));

test("an import path is read as JavaScript reads the string: './\\_x.md' is ./_x.md", () => {
  const imports = importsOf(
    "import X from './\\_x.md';\nimport Y from \"../\\u005Fy.mdx\";\nimport Z from './z\\x2Etsx';\n",
  );
  assert.equal(
    imports.map((i) => i.source),
    ['./_x.md', '../_y.mdx', './z.tsx'],
  );
});

test.run();
