import { defineReleases } from 'docs-it';

export default defineReleases({
  packages: ['tauri', 'tauri-build', 'tauri-bundler', '@tauri-apps/cli', '@tauri-apps/api'],
  releases: [
    // Tauri 1.8.1 (tag del 2024-10-14, con tauri-cli 1.6.3 e tauri-bundler 1.7.1)
    {
      package: 'tauri',
      version: '1.8.1',
      date: '2024-10-14',
      highlights: [
        'Corretto un deadlock alla creazione delle finestre quando è attiva la feature `tracing`.',
        "L'updater codifica il `+` nella richiesta, così `{{current_version}}` resta corretto anche con versioni che hanno un numero di build, come `1.8.0+1`.",
      ],
    },
    {
      package: '@tauri-apps/cli',
      version: '1.6.3',
      date: '2024-10-14',
      highlights: ['I comandi della CLI supportano anche Deno come gestore dei pacchetti.', 'Usa tauri-bundler 1.7.1.'],
    },
    {
      package: 'tauri-bundler',
      version: '1.7.1',
      date: '2024-10-14',
      highlights: [
        "L'installer NSIS riconosce di nuovo correttamente se il download dell'installer di WebView2 è riuscito.",
      ],
    },
    // Tauri 1.8.0 (tag del 2024-09-15, con tauri-build 1.5.5, tauri-cli 1.6.2 e tauri-bundler 1.7.0)
    {
      package: 'tauri',
      version: '1.8.0',
      date: '2024-09-15',
      highlights: [
        "L'updater sa installare anche file non compressi: l'installer `.exe` (NSIS) e l'`.msi` su Windows, l'`.AppImage` su Linux.",
        "Negli aggiornamenti l'installer NSIS riceve il flag `/UPDATE`, e dopo un aggiornamento con l'MSI l'app riparte con gli stessi argomenti della riga di comando.",
        "`restart()` funziona anche quando il nome dell'eseguibile cambia come nelle app passate a Tauri 2, e se il riavvio fallisce l'app si chiude invece di andare in panic.",
      ],
    },
    {
      package: 'tauri-build',
      version: '1.5.5',
      date: '2024-09-15',
      highlights: [
        "Su Windows l'eseguibile usa `productName` come descrizione del file (`FileDescription`) al posto di `shortDescription`.",
      ],
    },
    {
      package: 'tauri-bundler',
      version: '1.7.0',
      date: '2024-09-15',
      highlights: [
        "L'installer MSI accetta le proprietà `AUTOLAUNCHAPP` e `LAUNCHAPPARGS`, con cui l'updater riavvia l'app dopo l'aggiornamento mantenendone gli argomenti.",
        "L'installer NSIS registra nel registro di sistema il nome dell'eseguibile principale, per riconoscerne i cambi di nome negli aggiornamenti futuri.",
        "L'eseguibile e l'installer NSIS usano `productName` come descrizione del file al posto di `shortDescription`.",
      ],
    },
    {
      package: '@tauri-apps/cli',
      version: '1.6.2',
      date: '2024-09-15',
      highlights: ["Usa tauri-bundler 1.7.0, con le novità degli installer MSI e NSIS per l'updater di Tauri 1.8."],
    },
    // Tauri 1.7 (annunciata sul blog il 2024-07-01, con tauri-cli 1.6.0 e tauri-bundler 1.6.0)
    {
      package: 'tauri',
      version: '1.7.0',
      date: '2024-07-01',
      highlights: [
        "Il comando `execute` dell'API shell restituisce l'output con un'unica chiamata IPC invece di trasmetterlo a pezzi, con un netto guadagno per gli script molto verbosi.",
        'È una release di consolidamento: correzioni di bug, ottimizzazioni e alcune funzionalità riportate dal ramo v2.',
        "Nell'annuncio ufficiale esce insieme a tauri-cli 1.6.0 e tauri-bundler 1.6.0.",
      ],
    },
    {
      package: '@tauri-apps/cli',
      version: '1.6.0',
      date: '2024-07-01',
      highlights: [
        'Tra i formati Linux compare anche il pacchetto RPM, finora riservato a chi usava Tauri 2.',
        'La firma su Windows può passare da un comando personalizzato, così puoi firmare gli installer anche da Linux o macOS, con token hardware o Azure Key Vault.',
        'Le finestre dei DMG diventano personalizzabili nella disposizione delle icone e nelle dimensioni.',
      ],
    },
    {
      package: '@tauri-apps/api',
      version: '1.6.0',
      date: '2024-07-01',
      highlights: [
        '`Command.execute` del modulo `shell` diventa molto più veloce con output voluminosi, perché il risultato arriva in un solo passaggio invece che a pezzi.',
        "Corretto `Command.execute`, che restituiva l'output con righe a capo in più.",
        'Va abbinata al crate `tauri` 1.7, che contiene la parte Rust della stessa modifica.',
      ],
    },
    {
      package: 'tauri-bundler',
      version: '1.6.0',
      date: '2024-07-01',
      highlights: [
        'Al posto di SignTool puoi indicare un tuo comando di firma per Windows, per esempio basato su `osslsigncode` o `relic`, utile quando compili da un sistema Unix.',
        'Nuovo bundle RPM per distribuzioni come Fedora e openSUSE, riportato dalla v2.',
        'Nel DMG puoi regolare la posizione delle icone e la dimensione della finestra, per adattarli a uno sfondo su misura.',
      ],
    },
    // Tauri 1.6 (annunciata sul blog il 2024-02-19, con tauri-cli 1.5.10 e tauri-bundler 1.5.0)
    {
      package: 'tauri',
      version: '1.6.0',
      date: '2024-02-19',
      highlights: [
        "Corretto un crash dell'event loop che si presentava su tutte le piattaforme dopo molte ore di esecuzione dell'app.",
        "Su Windows l'updater conserva gli argomenti della riga di comando con cui l'app era stata avviata.",
        "Nell'annuncio ufficiale esce insieme a tauri-cli 1.5.10 e tauri-bundler 1.5.0.",
      ],
    },
    {
      package: 'tauri-bundler',
      version: '1.5.0',
      date: '2024-02-19',
      highlights: [
        'La configurazione Debian accetta `priority`, `section` e `changelog`, per pacchetti `.deb` conformi alle regole della distribuzione.',
        'Su macOS vengono firmati anche i `.dylib`, `.app`, `.xpc` e `.framework` contenuti nelle cartelle standard dei framework inclusi.',
        "L'installer NSIS riconosce il flag `/ARGS`, che insieme a `/R` passa argomenti all'app avviata a fine installazione.",
        "Il download degli strumenti di bundling rispetta un proxy SOCKS impostato nelle variabili d'ambiente.",
      ],
    },
    // Tauri 1.5 (annunciata sul blog il 2023-09-28, con tauri-cli 1.5.0 e tauri-bundler 1.4.0)
    {
      package: 'tauri',
      version: '1.5.0',
      date: '2023-09-28',
      highlights: [
        'Con `Manager::emit_filter` scegli a quali finestre inviare un evento, e il payload viene serializzato una volta sola anche con molti destinatari.',
        "L'updater si configura anche a runtime: `UpdateBuilder::endpoints` aggiunge endpoint e `UpdateResponse::header` modifica gli header del download.",
        'I plugin registrano protocolli URI personalizzati con `tauri::plugin::Builder::register_uri_scheme_protocol`.',
        'Su Windows `dangerousUseHttpScheme` serve il protocollo personalizzato via `http` anziché `https`, permettendo contenuti misti come `ws://` a scapito della sicurezza.',
      ],
    },
    {
      package: '@tauri-apps/cli',
      version: '1.5.0',
      date: '2023-09-28',
      highlights: [
        'La notarizzazione macOS usa `notarytool` al posto di `altool`, dismesso da Apple: con le chiavi API conviene impostare `APPLE_API_KEY_PATH`.',
        'La CLI riconosce Bun come package manager.',
        'Tutti gli eseguibili, sidecar e disinstallatore NSIS compresi, vengono firmati, e `APPLE_TEAM_ID` indica il team da usare quando ne hai più di uno.',
      ],
    },
    {
      package: '@tauri-apps/api',
      version: '1.5.0',
      date: '2023-09-28',
      highlights: [
        "`writeTextFile` e `writeBinaryFile` accettano l'opzione `append` per scrivere in coda a un file esistente invece di sovrascriverlo.",
        'Le notifiche possono indicare il suono da riprodurre.',
        '`Body.form` ora invia correttamente le voci di tipo `Blob`, quindi anche gli oggetti `File`.',
      ],
    },
    {
      package: 'tauri-bundler',
      version: '1.4.0',
      date: '2023-09-28',
      highlights: [
        "Viene firmato anche il disinstallatore NSIS, e su Windows l'eseguibile dell'app e i sidecar non firmati ricevono la firma prima della creazione dei pacchetti WiX e NSIS.",
        'Le risorse si possono dichiarare come mappa tra percorso di origine e destinazione nel bundle, non più solo come elenco.',
        "Nuova opzione `compression` in `tauri > bundle > windows > nsis` per scegliere la compressione dell'installer.",
        "La notarizzazione legge la variabile `APPLE_TEAM_ID` e l'installer NSIS si arricchisce della lingua bulgara.",
      ],
    },
    // Tauri 1.4 (annunciata sul blog il 2023-06-14)
    {
      package: 'tauri',
      version: '1.4.0',
      date: '2023-06-14',
      highlights: [
        'Le finestre possono disattivare i pulsanti di massimizzazione, riduzione e chiusura con `set_maximizable`, `set_minimizable` e `set_closable`.',
        'Il modulo `test`, dietro la feature Cargo `test`, permette di scrivere unit test creando un `tauri::App` senza aprire finestre.',
        'Nuove funzioni `tauri::VERSION`, `tauri::webview_version` e `tauri::api::os::locale` per leggere versione del framework, della webview e lingua del sistema.',
        "Il protocollo `asset` supporta lo streaming dei file di grandi dimensioni e l'updater NSIS gestisce la modalità `passive`.",
      ],
    },
    {
      package: '@tauri-apps/cli',
      version: '1.4.0',
      date: '2023-06-14',
      highlights: [
        'La CLI genera i completamenti per Bash, Zsh, PowerShell e Fish con il comando `tauri completions`.',
        "L'installer NSIS accetta file di lingua personalizzati e un modello `.nsi` scritto da te.",
        "Se l'app era già installata tramite WiX, l'installer NSIS propone di disinstallare la versione precedente.",
      ],
    },
    {
      package: '@tauri-apps/api',
      version: '1.4.0',
      date: '2023-06-14',
      highlights: [
        'Nuova funzione `locale()` nel modulo `os` per conoscere la lingua del sistema.',
        'Aggiunte le opzioni `maximizable`, `minimizable` e `closable` e i metodi `setMaximizable`, `setMinimizable` e `setClosable` sulle finestre.',
        'Con `isFocused()` e `getFocusedWindow()` sai quale finestra ha il focus.',
      ],
    },
    {
      package: 'tauri-build',
      version: '1.4.0',
      date: '2023-06-14',
      highlights: [
        "Su Windows l'eseguibile riceve le proprietà `LegalCopyright` e `FileDescription`, ricavate da `tauri.bundle.copyright` e `tauri.bundle.shortDescription`.",
        'Il controllo delle feature Cargo abilitate rispetto alla configurazione diventa più accurato.',
        'Le versioni dei crate `time`, `ignore` e `winnow` non sono più bloccate: se ti serve restare sulla MSRV, fissale tu nel tuo progetto.',
      ],
    },
    {
      package: 'tauri-bundler',
      version: '1.3.0',
      date: '2023-06-14',
      highlights: [
        "Versione del bundler distribuita insieme a Tauri 1.4, con numerosi miglioramenti all'installer NSIS.",
        'Supporto a file di lingua personalizzati e a un modello di installer personalizzato per NSIS.',
        "Aggiunte nuove lingue all'installer NSIS, tra cui olandese, giapponese, coreano, persiano, svedese e turco.",
      ],
    },
    // Tauri 1.3
    {
      package: '@tauri-apps/cli',
      version: '1.3.1',
      date: '2023-05-08',
      highlights: [
        "Il bundler WiX ora esegue correttamente l'escape dell'XML generato per i file di risorse.",
        "L'installer NSIS supporta lo spagnolo, anche nella variante internazionale.",
        "Corretto l'escape degli argomenti nello script NSIS, che impediva la creazione del pacchetto con modalità di installazione di WebView2 diverse da quella predefinita.",
      ],
    },
    {
      package: 'tauri',
      version: '1.3.0',
      date: '2023-05-03',
      highlights: [
        "Con `dangerousRemoteDomainIpcAccess` puoi concedere a domini remoti fidati l'accesso all'IPC, da usare con estrema cautela.",
        "Nuove opzioni di finestra `content_protected` e `additional_browser_args` (quest'ultima solo lato Rust) e nuovo `Window::on_navigation`.",
        'I pulsanti dei dialoghi di messaggio possono avere un testo personalizzato e il tooltip della tray è disponibile su Windows e macOS.',
        'La versione minima di Rust supportata sale a 1.60.',
      ],
    },
    {
      package: '@tauri-apps/cli',
      version: '1.3.0',
      date: '2023-05-03',
      highlights: [
        'Nuovo target di bundle `nsis` per creare installer Windows, anche in cross-compilazione da macOS e Linux in forma sperimentale.',
        "Il comando `tauri icon` accetta l'opzione `--png` per generare icone di dimensioni personalizzate.",
        "Supporto all'ereditarietà dei workspace di Cargo nei manifest del progetto.",
        'Il flag `--ci` e la variabile `CI` evitano le richieste di password in `tauri signer generate` e in fase di build.',
      ],
    },
    {
      package: '@tauri-apps/api',
      version: '1.3.0',
      date: '2023-05-03',
      highlights: [
        'Nuova opzione `contentProtected` e metodo `setContentProtected` per impedire la cattura del contenuto della finestra.',
        'Le finestre espongono `isMinimized()` e il getter `title()`.',
        'I dialoghi di messaggio permettono di personalizzare il testo dei pulsanti.',
        'Gli handler `onResized` e `onMoved` ricevono ora un `payload` del tipo corretto.',
      ],
    },
    {
      package: 'tauri-build',
      version: '1.3.0',
      date: '2023-05-03',
      highlights: [
        "Con `WindowsAttributes::app_manifest` puoi indicare un manifest dell'applicazione personalizzato per Windows.",
        'Riconosce le dipendenze `tauri` e `tauri-build` ereditate dal workspace di Cargo.',
        'La versione minima di Rust supportata sale a 1.60 e il crate `winnow` viene fissato alla 0.4.1 per rispettarla.',
      ],
    },
    {
      package: 'tauri-bundler',
      version: '1.2.0',
      date: '2023-05-03',
      highlights: [
        'Nuovo target `nsis` per generare installer Windows, producibili in via sperimentale anche da macOS e Linux.',
        'La versione dei pacchetti `.msi` può contenere un identificativo di pre-release e un numero di build, purché entrambi numerici.',
        'In `tauri.bundle.macOS.frameworks` si possono elencare anche librerie `.dylib`.',
        "Nell'installer MSI la casella per avviare l'app a fine installazione è selezionata di default e i modelli Handlebars vengono sottoposti a escape.",
      ],
    },
    // Tauri 1.2
    {
      package: 'tauri',
      version: '1.2.0',
      date: '2022-11-08',
      highlights: [
        "Include una correzione di sicurezza sull'escape dei percorsi scelti con i dialoghi o trascinati nella finestra, che permetteva di aggirare in parte lo scope `fs`.",
        'Su Linux gli header dei protocolli personalizzati funzionano con webkit2gtk 2.36 o successivo.',
        "Su macOS puoi configurare lo stile della barra del titolo (trasparente o sovrapposta) e l'opzione `acceptFirstMouse`.",
        'La versione minima di Rust supportata sale a 1.59.',
      ],
    },
    {
      package: '@tauri-apps/cli',
      version: '1.2.0',
      date: '2022-11-08',
      highlights: [
        'Durante `tauri dev` i file statici del frontend vengono ricaricati automaticamente quando cambiano.',
        'Nuova opzione di configurazione per indicare il publisher del bundle.',
        'Il nome del pacchetto viene validato prima della build.',
      ],
    },
    {
      package: '@tauri-apps/api',
      version: '1.2.0',
      date: '2022-11-08',
      highlights: [
        "Nuove directory specifiche dell'app in `BaseDirectory` (`AppConfig`, `AppData`, `AppLocalData`, `AppCache`, `AppLog`) con le funzioni corrispondenti nel modulo `path`.",
        'Le finestre accettano le opzioni `userAgent`, `acceptFirstMouse` e, su macOS, `tabbingIdentifier`.',
        '`Body.form` accetta un oggetto `FormData`.',
        'Node.js 12 non è più supportato.',
      ],
    },
    {
      package: 'tauri-build',
      version: '1.2.0',
      date: '2022-11-08',
      highlights: [
        'Per compilarlo serve almeno Rust 1.59, la nuova versione minima supportata.',
        'Il changelog non riporta altre modifiche: il salto di versione lo tiene allineato al rilascio di Tauri 1.2.',
      ],
    },
    {
      package: 'tauri-bundler',
      version: '1.1.0',
      date: '2022-11-08',
      highlights: [
        "Nuova opzione `publisher` nella configurazione del bundle per indicare chi pubblica l'applicazione.",
        "WiX viene avviato con un ambiente ripulito, che conserva solo le variabili con prefisso `TAURI`, per evitare l'errore «Windows Installer Service could not be accessed».",
        "Il codice della lingua giapponese per gli installer MSI diventa `ja-JP` al posto dell'errato `jp-JP`, e le DLL di WiX si caricano correttamente anche su Windows Server.",
        'La versione minima di Rust supportata sale a 1.59.',
      ],
    },
    // Tauri 1.1
    {
      package: 'tauri',
      version: '1.1.0',
      date: '2022-09-15',
      highlights: [
        "Le icone nella system tray si possono creare anche a runtime con `tauri::SystemTray`, e un'app può averne più di una.",
        'La configurazione può essere scritta in TOML (`Tauri.toml`) attivando la feature Cargo `config-toml`.',
        'Corretta una vulnerabilità per cui `readDir` poteva restituire voci fuori dallo scope seguendo i collegamenti simbolici.',
        'Su Linux sono disponibili le API per il tema della finestra.',
      ],
    },
    {
      package: '@tauri-apps/cli',
      version: '1.1.0',
      date: '2022-09-15',
      highlights: [
        "Il nuovo comando `tauri icon` genera tutte le icone dell'app a partire da un'unica immagine.",
        'Con `tauri dev --no-watch` disattivi il watcher, e un file `.taurignore` ne esclude i percorsi.',
        'Nuova opzione `beforeBundleCommand` e possibilità di scegliere la cartella di lavoro dei comandi `beforeDevCommand` e `beforeBuildCommand`.',
        'La CLI Rust si può installare anche con `cargo binstall tauri-cli`.',
      ],
    },
    {
      package: '@tauri-apps/api',
      version: '1.1.0',
      date: '2022-09-15',
      highlights: [
        'Nuova funzione `exists` nel modulo `fs`.',
        "L'opzione `encoding` di `Command` imposta la codifica di stdout e stderr.",
        'Gli eventi di `Command` hanno nuovi metodi come `once`, `off` e `removeAllListeners`.',
        '`mockIPC()` accetta anche handler asincroni.',
      ],
    },
    {
      package: 'tauri-build',
      version: '1.1.0',
      date: '2022-09-15',
      highlights: [
        'Il codice generato viene ricalcolato quando cambiano asset o icone, e i file temporanei delle icone si riscrivono solo se il contenuto è diverso, evitando ricompilazioni inutili.',
        "Su Windows il manifest dell'eseguibile dichiara la dipendenza da `Microsoft.Windows.Common-Controls` 6.0, così i dialoghi nativi assumono lo stile moderno.",
        'La configurazione si può leggere anche da un file `Tauri.toml` in formato TOML.',
        "La build si interrompe con un errore se un sidecar ha lo stesso nome di file dell'applicazione.",
      ],
    },
    // Tauri 1.0
    {
      package: 'tauri',
      version: '1.0.0',
      date: '2022-06-16',
      highlights: [
        'Prima versione stabile del framework, dopo il lungo ciclo di beta e release candidate.',
        'Le API di 1.x seguono da qui il versionamento semantico: niente modifiche incompatibili fino alla 2.0.',
        'Il dialogo `open` consente di selezionare più cartelle contemporaneamente.',
      ],
    },
    {
      package: 'tauri-build',
      version: '1.0.0',
      date: '2022-06-16',
      highlights: [
        'Prima versione stabile del crate usato nello script `build.rs` tramite `tauri_build::build()`.',
        "Su Windows incorpora nell'eseguibile l'icona e le altre risorse dell'applicazione.",
      ],
    },
    {
      package: 'tauri-bundler',
      version: '1.0.0',
      date: '2022-06-16',
      highlights: [
        "Prima versione stabile del bundler che trasforma l'eseguibile in pacchetti installabili per ogni piattaforma.",
        'Produce installer `.msi` con WiX su Windows, `.app` e `.dmg` su macOS, `.deb` e AppImage su Linux.',
      ],
    },
    {
      package: '@tauri-apps/cli',
      version: '1.0.0',
      date: '2022-06-16',
      highlights: [
        'Prima versione stabile della CLI, con comandi come `init`, `dev`, `build`, `info` e `signer`.',
        'Il pacchetto npm si appoggia a binari precompilati della CLI Rust per ogni piattaforma, quindi non serve compilarla.',
      ],
    },
    {
      package: '@tauri-apps/api',
      version: '1.0.0',
      date: '2022-06-16',
      highlights: [
        'Prima versione stabile delle API JavaScript per finestre, eventi, file system, dialoghi, shell, HTTP e updater.',
        '`dialog.open` permette di scegliere più cartelle con le opzioni `directory` e `multiple`.',
      ],
    },
  ],
});
