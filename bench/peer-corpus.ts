import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { throwAway } from './trash';

/*
 * One corpus, written for docs-it, Docusaurus 3 and VitePress 1: the same docs (headings with ids, an
 * admonition, two highlighted code blocks with titles, a table, links to neighbours) in folders of 50, and 16
 * blog posts. Only the syntax each tool needs differs (admonitions and code titles in VitePress).
 */

export type Tool = 'docs-it' | 'docusaurus' | 'vitepress';

const perFolder = 50;
export const blogPosts = 16;

function docBody(i: number, tool: Tool): string {
  const prev = i % perFolder === 0 ? '' : `Torna alla [pagina precedente](./pagina-${i - 1}.md#configurazione). `;
  const tip =
    tool === 'vitepress'
      ? '::: tip Suggerimento\nTieni l’elenco delle API al minimo: ogni API abilitata è codice in più.\n:::'
      : ':::tip Suggerimento\nTieni l’elenco delle API al minimo: ogni API abilitata è codice in più.\n:::';
  const title = (name: string) => (tool === 'vitepress' ? ` [${name}]` : ` title="${name}"`);
  return `Questa è la pagina ${i}. ${prev}Descrive un comando immaginario e la sua configurazione, con testo
abbastanza lungo da somigliare a una guida vera: cosa fa, quando usarlo e quali errori evitare.

## Configurazione {#configurazione}

Per abilitare la funzione aggiungi la chiave al file di configurazione e ricompila l’applicazione.

${tip}

\`\`\`rust${title('src-tauri/src/main.rs')}
#[tauri::command]
fn comando_${i}(valore: u32) -> u32 {
    valore * ${i % 97}
}
\`\`\`

### Dal frontend

\`\`\`ts${title('src/main.ts')}
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
    const body = `Riassunto dell’articolo ${i}.\n\n<!-- truncate -->\n\n## Dettagli\n\nTesto dell’articolo ${i}.\n`;
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
      write(path.join(dir, 'docs', page.kind === 'doc' ? page.folder : 'blog', page.name), text);
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
  write(
    path.join(dir, 'docs/.vitepress/config.mjs'),
    `export default {\n  title: 'Corpus', lang: 'it',\n` +
      `  themeConfig: { search: { provider: 'local' }, sidebar: ${JSON.stringify(sidebar)} },\n};\n`,
  );
  write(path.join(dir, 'docs/index.md'), '# Corpus\n\nIl corpus di confronto.\n');
  return path.join(dir, 'docs');
}
