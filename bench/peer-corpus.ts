import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { throwAway } from './trash';

/*
 * One corpus, written for docs-it, Docusaurus 3, VitePress 1, Rspress 2 and Starlight: the same docs (headings
 * with ids, an admonition, two highlighted code blocks with titles, a table, links to neighbours) in folders of
 * 50, and 16 blog posts. Only the syntax each tool needs differs (see `syntax`).
 */

export type Tool = 'docs-it' | 'docusaurus' | 'vitepress' | 'rspress' | 'starlight';

const perFolder = 50;
export const blogPosts = 16;

interface Syntax {
  /** An admonition of kind `tip` titled `title`. */
  tip(title: string, text: string): string;
  /** What follows the language of a code fence to give the block a title. */
  codeTitle(name: string): string;
  /** What follows a heading's text to give it an id (nothing where the tool has no such syntax: its slug is the id). */
  headingId(id: string): string;
  /** A link from one doc to a doc of the same folder. */
  sibling(name: string, hash: string): string;
}

const docusaurusSyntax: Syntax = {
  tip: (title, text) => `:::tip ${title}\n${text}\n:::`,
  codeTitle: (name) => ` title="${name}"`,
  headingId: (id) => ` {#${id}}`,
  sibling: (name, hash) => `./${name}.md#${hash}`,
};

const syntax: Record<Tool, Syntax> = {
  'docs-it': docusaurusSyntax,
  docusaurus: docusaurusSyntax,
  vitepress: {
    ...docusaurusSyntax,
    tip: (title, text) => `::: tip ${title}\n${text}\n:::`,
    codeTitle: (n) => ` [${n}]`,
  },
  rspress: docusaurusSyntax,
  // Astro leaves a `.md` link as it is, and its headings take no `{#id}`: the slug of `Configurazione` is the same.
  starlight: {
    tip: (title, text) => `:::tip[${title}]\n${text}\n:::`,
    codeTitle: docusaurusSyntax.codeTitle,
    headingId: () => '',
    sibling: (name, hash) => `../${name}/#${hash}`,
  },
};

/** Text that only the page of doc `i` carries (every tool keeps it whole: no markup or typography inside). */
export const docMarker = (i: number) => `Questa è la pagina ${i}.`;
/** Text that only the page of post `i` carries (after the cut, so no list of posts shows it). */
export const postMarker = (i: number) => `Testo dell’articolo ${i}.`;

function docBody(i: number, tool: Tool): string {
  const s = syntax[tool];
  const prev =
    i % perFolder === 0 ? '' : `Torna alla [pagina precedente](${s.sibling(`pagina-${i - 1}`, 'configurazione')}). `;
  const tip = s.tip('Suggerimento', 'Tieni l’elenco delle API al minimo: ogni API abilitata è codice in più.');
  return `${docMarker(i)} ${prev}Descrive un comando immaginario e la sua configurazione, con testo
abbastanza lungo da somigliare a una guida vera: cosa fa, quando usarlo e quali errori evitare.

## Configurazione${s.headingId('configurazione')}

Per abilitare la funzione aggiungi la chiave al file di configurazione e ricompila l’applicazione.

${tip}

\`\`\`rust${s.codeTitle('src-tauri/src/main.rs')}
#[tauri::command]
fn comando_${i}(valore: u32) -> u32 {
    valore * ${i % 97}
}
\`\`\`

### Dal frontend

\`\`\`ts${s.codeTitle('src/main.ts')}
import { invoke } from '@tauri-apps/api/tauri';
const risultato = await invoke<number>('comando_${i}', { valore: ${i % 13} });
\`\`\`

#### Opzioni

| Chiave | Tipo | Predefinito |
|---|---|---|
| attivo | boolean | false |
| limite | number | ${i % 100} |

## Problemi comuni

Se il comando non risponde, controlla che sia registrato nel gestore e che il nome coincida.
`;
}

/** The docs and posts of the corpus: folder, file name, title and body, for one tool's syntax. */
function* pages(docs: number, tool: Tool) {
  for (let i = 0; i < docs; i++) {
    const folder = `sezione-${Math.floor(i / perFolder)}`;
    yield {
      kind: 'doc' as const,
      folder,
      name: `pagina-${i}.md`,
      title: `Pagina di prova ${i}`,
      i,
      body: docBody(i, tool),
    };
  }
  for (let i = 0; i < blogPosts; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const body = `Riassunto dell’articolo ${i}.\n\n<!-- truncate -->\n\n## Dettagli\n\n${postMarker(i)}\n`;
    yield { kind: 'post' as const, folder: '', name: `${day}-articolo-${i}.md`, title: `Articolo ${i}`, i, body };
  }
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/**
 * Writes the corpus of `docs` docs for `tool` into `dir` (emptied first); returns the folder to build.
 * `fasterKey` is Docusaurus's name for its faster toolchain (`faster` since 3.10, `experimental_faster` before).
 */
export function writePeerSite(tool: Tool, dir: string, docs: number, fasterKey = 'faster'): string {
  throwAway(dir);
  for (const page of pages(docs, tool)) {
    const frontMatter =
      page.kind === 'doc'
        ? `---\ntitle: ${page.title}\ndescription: Una pagina sintetica numero ${page.i}.\n` +
          `sidebar_position: ${page.i % perFolder}\n---\n\n`
        : `---\ntitle: ${page.title}\ntags: [prova]\n---\n\n`;
    const text = frontMatter + page.body;
    if (tool === 'docs-it') {
      const section = page.kind === 'doc' ? `content/docs/${page.folder}` : 'content/blog';
      write(path.join(dir, section, page.name), text);
    } else if (tool === 'docusaurus') {
      write(path.join(dir, page.kind === 'doc' ? `docs/${page.folder}` : 'blog', page.name), text);
    } else {
      const docsDir = tool === 'starlight' ? 'src/content/docs' : 'docs';
      write(path.join(dir, docsDir, page.kind === 'doc' ? page.folder : 'blog', page.name), text);
    }
  }
  const folders = Math.ceil(docs / perFolder);
  if (tool === 'docs-it') {
    for (let f = 0; f < folders; f++)
      write(
        path.join(dir, `content/docs/sezione-${f}/_category_.json`),
        JSON.stringify({ label: `Sezione ${f}`, position: f }),
      );
    write(path.join(dir, 'content/pages/index.md'), '---\ntitle: Corpus\n---\n\nIl corpus di confronto.\n');
    write(
      path.join(dir, 'site.config.ts'),
      `import { defineConfig } from 'docs-it';\n\nexport default defineConfig({\n` +
        `  title: 'Corpus', tagline: 'Confronto', url: 'https://corpus.example', baseUrl: '/',\n` +
        `  i18n: { defaultLocale: 'it', currentLocale: 'it', locales: [{ code: 'it', label: 'Italiano', ` +
        `direction: 'ltr', htmlLang: 'it', calendar: 'gregory', path: 'it' }] },\n` +
        `  docs: { routeBasePath: 'docs', version: { name: 'current', label: '1', mainDocId: 'sezione-0/pagina-0' }, ` +
        `sidebars: { docs: [{ type: 'autogenerated', dirName: '.' }] } },\n` +
        `  blog: { title: 'Blog', description: 'Articoli' },\n` +
        `  navbar: { title: 'Corpus', logo: { alt: 'Corpus', src: 'img/logo.svg' }, items: [] },\n` +
        `  footer: { columns: [], copyright: 'Corpus' },\n});\n`,
    );
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32"/></svg>\n';
    write(path.join(dir, 'content/static/img/logo.svg'), svg);
    write(path.join(dir, 'content/static/img/favicon.svg'), svg);
    return dir;
  }
  if (tool === 'docusaurus') {
    for (let f = 0; f < folders; f++)
      write(
        path.join(dir, `docs/sezione-${f}/_category_.json`),
        JSON.stringify({ label: `Sezione ${f}`, position: f }),
      );
    write(path.join(dir, 'src/pages/index.md'), '# Corpus\n\nIl corpus di confronto.\n');
    write(path.join(dir, 'sidebars.js'), "module.exports = { docs: [{ type: 'autogenerated', dirName: '.' }] };\n");
    write(
      path.join(dir, 'docusaurus.config.js'),
      `module.exports = {\n  title: 'Corpus', url: 'https://corpus.example', baseUrl: '/',\n` +
        `  onBrokenLinks: 'throw', onBrokenMarkdownLinks: 'throw',\n` +
        // Docusaurus Faster (Rspack, SWC, Lightning CSS, SSG worker threads): the fastest configuration it has.
        `  future: { ${fasterKey}: true, v4: { removeLegacyPostBuildHeadAttribute: true } },\n` +
        `  presets: [['classic', { docs: { sidebarPath: require.resolve('./sidebars.js') }, ` +
        `blog: { showReadingTime: true, onInlineAuthors: 'ignore', onUntruncatedBlogPosts: 'ignore' }, ` +
        `theme: {} }]],\n};\n`,
    );
    return dir;
  }
  const sidebar = Array.from({ length: folders }, (_, f) => ({
    text: `Sezione ${f}`,
    collapsed: true,
    items: Array.from({ length: Math.min(perFolder, docs - f * perFolder) }, (_, k) => {
      const i = f * perFolder + k;
      return { text: `Pagina di prova ${i}`, link: `/sezione-${f}/pagina-${i}` };
    }),
  }));
  if (tool === 'vitepress') {
    write(
      path.join(dir, 'docs/.vitepress/config.mjs'),
      `export default {\n  title: 'Corpus', lang: 'it',\n` +
        `  themeConfig: { search: { provider: 'local' }, sidebar: ${JSON.stringify(sidebar)} },\n};\n`,
    );
    write(path.join(dir, 'docs/index.md'), '# Corpus\n\nIl corpus di confronto.\n');
    return path.join(dir, 'docs');
  }
  if (tool === 'rspress') {
    // Local search is Rspress's default.
    write(
      path.join(dir, 'rspress.config.mjs'),
      `export default {\n  root: 'docs', title: 'Corpus', lang: 'it',\n` +
        `  themeConfig: { sidebar: { '/': ${JSON.stringify(sidebar)} } },\n};\n`,
    );
    write(path.join(dir, 'docs/index.md'), '# Corpus\n\nIl corpus di confronto.\n');
    return dir;
  }
  // Starlight: local search (Pagefind) is its default; the same sidebar in its own keys.
  const starlightSidebar = sidebar.map((group) => ({
    label: group.text,
    collapsed: true,
    items: group.items.map((item) => ({ label: item.text, link: `${item.link}/` })),
  }));
  write(
    path.join(dir, 'astro.config.mjs'),
    `import starlight from '@astrojs/starlight';\nimport { defineConfig } from 'astro/config';\n\n` +
      `export default defineConfig({\n  integrations: [starlight({\n    title: 'Corpus',\n` +
      `    locales: { root: { label: 'Italiano', lang: 'it' } },\n` +
      `    sidebar: ${JSON.stringify(starlightSidebar)},\n  })],\n});\n`,
  );
  write(
    path.join(dir, 'src/content.config.mjs'),
    `import { defineCollection } from 'astro:content';\nimport { docsLoader } from '@astrojs/starlight/loaders';\n` +
      `import { docsSchema } from '@astrojs/starlight/schema';\n\n` +
      `export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n`,
  );
  write(path.join(dir, 'src/content/docs/index.md'), '---\ntitle: Corpus\n---\n\nIl corpus di confronto.\n');
  return dir;
}

/**
 * The docs and posts of a corpus of `docs` docs that no page of a build shows, given the text of every HTML page
 * the build wrote: each doc and each post must have its page, whatever the tool calls its files.
 */
export function missingPages(htmlPages: Iterable<string>, docs: number): { docs: number[]; posts: number[] } {
  const seenDocs = new Set<number>();
  const seenPosts = new Set<number>();
  const docPattern = new RegExp(docMarker(0).replace('0.', '(\\d+)\\.'), 'g');
  const postPattern = new RegExp(postMarker(0).replace('0.', '(\\d+)\\.'), 'g');
  for (const html of htmlPages) {
    for (const m of html.matchAll(docPattern)) seenDocs.add(Number(m[1]));
    for (const m of html.matchAll(postPattern)) seenPosts.add(Number(m[1]));
  }
  const absent = (count: number, seen: Set<number>) =>
    Array.from({ length: count }, (_, i) => i).filter((i) => !seen.has(i));
  return { docs: absent(docs, seenDocs), posts: absent(blogPosts, seenPosts) };
}
