import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { throwAway } from './trash';

/**
 * Sentences of the synthetic pages' paragraphs: what a guide to a Tauri 1 feature says. `{n}` is the page's number
 * and `{k}` a number of the paragraph's own, so the vocabulary grows with the site as a real one does.
 */
const sentences = [
  'Il processo principale è scritto in Rust e apre una o più finestre che mostrano il frontend in una webview.',
  'Ogni comando registrato con generate_handler! diventa raggiungibile dal frontend tramite invoke.',
  "L'allowlist in tauri.conf.json decide quali API JavaScript sono compilate nel binario finale.",
  'Su Windows la webview è WebView2, su macOS WKWebView e su Linux WebKitGTK: il rendering può differire.',
  'Gli eventi viaggiano in entrambe le direzioni: emit dal frontend, listen nel backend e viceversa.',
  'Il valore predefinito della chiave {k} va bene per la maggior parte delle applicazioni.',
  'Prima di pubblicare, firma il pacchetto e verifica che il programma di aggiornamento trovi la nuova versione.',
  'Lo scope del file system limita i percorsi che le API possono leggere e scrivere.',
  "Un sidecar è un eseguibile esterno distribuito insieme all'applicazione e avviato dal codice Rust.",
  'Il menu nativo si costruisce con Menu e Submenu e ogni voce emette un evento con il proprio identificativo.',
  'La finestra può essere trasparente, senza decorazioni o sempre in primo piano, secondo la configurazione.',
  'Con cargo tauri dev il frontend si ricarica a ogni modifica, mentre il codice Rust viene ricompilato.',
  'La build di produzione riduce il binario con le ottimizzazioni del profilo release e rimuove i simboli.',
  "Il vassoio di sistema mostra un'icona con un menu anche quando tutte le finestre sono chiuse.",
  "Le notifiche richiedono il permesso dell'utente la prima volta che il programma le invia.",
  'Lo stato condiviso si gestisce con manage e si legge nei comandi con il parametro State.',
  'Gli errori restituiti da un comando arrivano al frontend come promesse rifiutate con il messaggio serializzato.',
  'La versione {n}.{k} di questa guida descrive il comportamento atteso su tutte le piattaforme supportate.',
  'Il protocollo personalizzato serve file locali alla webview senza passare da un server HTTP.',
  'La Content Security Policy protegge la webview da script iniettati e va tenuta il più restrittiva possibile.',
  'Durante lo sviluppo conviene aprire gli strumenti per sviluppatori con la scorciatoia della piattaforma.',
  'Il bundler produce installer msi su Windows, dmg e app su macOS, deb e AppImage su Linux.',
  'Una finestra secondaria si crea da Rust con WindowBuilder oppure dal frontend con WebviewWindow.',
  'Le dipendenze di sistema vanno installate prima del primo build, altrimenti la compilazione fallisce.',
  'Il registro degli eventi aiuta a capire in quale ordine il processo principale riceve i messaggi.',
  'Il limite di {k} richieste al secondo evita che il frontend blocchi il processo principale.',
  'Le risorse incluse nel pacchetto si risolvono a runtime con resolve_resource, indipendentemente dal sistema.',
  "Il dialogo nativo per aprire file restituisce il percorso scelto oppure null se l'utente annulla.",
  'Le scorciatoie globali funzionano anche quando la finestra non ha il focus e vanno liberate alla chiusura.',
  'La schermata iniziale resta visibile finché il backend non ha terminato le operazioni di avvio.',
  'Il codice di esempio {n} mostra il caso più semplice; i casi reali aggiungono la gestione degli errori.',
  "Per il debug del codice Rust si usa lldb o il debugger dell'editor con la build di sviluppo.",
];

/** Paragraph `p` of page `i`: five sentences picked by a small deterministic generator. */
function paragraph(i: number, p: number): string {
  let x = (i * 7919 + p * 104729) % 2147483648;
  const picked: string[] = [];
  for (let s = 0; s < 5; s++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    picked.push(sentences[x % sentences.length]!.replace('{n}', String(i)).replace('{k}', String((x >> 8) % 1000)));
  }
  return picked.join(' ');
}

/**
 * Page `i` of a synthetic docs section, as long as a real guide page: front matter, several paragraphs, h2–h4, an
 * admonition, two code blocks, a table, links.
 */
export function docPage(i: number, folder: number, perFolder: number): string {
  const prev = i % perFolder === 0 ? '' : `Torna alla [pagina precedente](./pagina-${i - 1}.md#configurazione). `;
  return `---
title: Pagina di prova ${i}
description: Una pagina sintetica numero ${i} per misurare la build.
sidebar_position: ${i % perFolder}
---

Questa è la pagina ${i} della sezione ${folder}. ${prev}Descrive un comando immaginario e la sua configurazione,
con testo abbastanza lungo da somigliare a una guida vera: spiega cosa fa, quando usarlo e quali errori evitare.

${paragraph(i, 0)}

## Configurazione {#configurazione}

Per abilitare la funzione aggiungi la chiave al file di configurazione e ricompila l'applicazione.

${paragraph(i, 1)}

:::tip Suggerimento
Tieni l'allowlist al minimo indispensabile: ogni API abilitata è codice in più nel binario.
:::

\`\`\`rust title="src-tauri/src/main.rs" {2}
#[tauri::command]
fn comando_${i}(valore: u32) -> u32 {
    valore * ${i % 97}
}
\`\`\`

### Dal frontend

${paragraph(i, 2)}

\`\`\`ts
import { invoke } from '@tauri-apps/api/tauri';
const risultato = await invoke<number>('comando_${i}', { valore: ${i % 13} });
\`\`\`

#### Opzioni

| Chiave | Tipo | Predefinito |
|---|---|---|
| attivo | boolean | false |
| limite | number | ${i % 100} |

## Problemi comuni

Se il comando non risponde, controlla che sia registrato in \`generate_handler!\` e che il nome coincida.

${paragraph(i, 3)}
`;
}

/** Writes a synthetic site of `pages` pages (90% docs in folders of 50, 10% blog posts) and returns its folder. */
export function writeSyntheticSite(root: string, pages: number): string {
  const dir = path.join(root, String(pages));
  throwAway(dir);
  const docs = Math.round(pages * 0.9);
  const posts = pages - docs;
  const perFolder = 50;
  const folders = Math.ceil(docs / perFolder);
  for (let f = 0; f < folders; f++) {
    const folder = path.join(dir, 'content/docs/guide', `sezione-${f}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      path.join(folder, '_category_.json'),
      JSON.stringify({ label: `Sezione ${f}`, position: f, description: `La sezione ${f}.` }),
    );
    for (let i = f * perFolder; i < Math.min(docs, (f + 1) * perFolder); i++)
      writeFileSync(path.join(folder, `pagina-${i}.md`), docPage(i, f, perFolder));
  }
  writeFileSync(path.join(dir, 'content/docs/guide/readme.md'), '---\ntitle: Guida\n---\n\nLa guida sintetica.\n');
  mkdirSync(path.join(dir, 'content/blog'), { recursive: true });
  for (let i = 0; i < posts; i++) {
    const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    writeFileSync(
      path.join(dir, 'content/blog', `${day}-articolo-${i}.md`),
      `---\ntitle: Articolo ${i}\ntags: [prova]\n---\n\nRiassunto dell'articolo ${i}.\n\n` +
        `<!-- truncate -->\n\n## Dettagli\n\nTesto dell'articolo ${i}, con un [link](/it/v1/guide).\n`,
    );
  }
  mkdirSync(path.join(dir, 'content/pages'), { recursive: true });
  writeFileSync(
    path.join(dir, 'content/pages/index.md'),
    '---\ntitle: Home\n---\n\n## Sponsor {#sponsors}\n\nTesto.\n',
  );
  cpSync(path.resolve(import.meta.dirname, '../content/static'), path.join(dir, 'content/static'), { recursive: true });
  writeFileSync(
    path.join(dir, 'site.config.ts'),
    `import base from '../../../site.config';\nexport default { ...base, docs: { ` +
      `...base.docs, version: { ...base.docs.version, mainDocId: 'guide/readme' }, sidebars: { ` +
      `guide: [{ type: 'category', label: 'Guida', link: { type: 'doc', id: 'guide/readme' }, ` +
      `collapsed: false, items: [{ type: 'autogenerated', dirName: 'guide' }] }] } },\n` +
      // Navbar links are checked: keep only the items whose pages this corpus has.
      `navbar: { ...base.navbar, items: base.navbar.items.filter((i) => ` +
      `!['docSidebar', 'dropdown'].includes(i.type) && i.to !== '/it/releases') },\n` +
      `announcementBar: undefined };\n`,
  );
  return dir;
}
