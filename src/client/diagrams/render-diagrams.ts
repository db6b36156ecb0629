import mermaid from 'mermaid';

const themeOf = () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'default');
let initialisedFor: string | undefined;
let count = 0;

async function draw(diagram: HTMLElement): Promise<void> {
  const source = diagram.querySelector('.mermaid-source')?.textContent ?? '';
  const theme = themeOf();
  if (initialisedFor !== theme) {
    // `strict`: labels are text, never HTML or click handlers of the page's author run in the reader's browser.
    mermaid.initialize({ startOnLoad: false, theme, securityLevel: 'strict' });
    initialisedFor = theme;
  }
  try {
    const { svg } = await mermaid.render(`docs-it-mermaid-${++count}`, source);
    let drawing = diagram.querySelector<HTMLElement>('.mermaid-drawing');
    if (!drawing) {
      drawing = document.createElement('div');
      drawing.className = 'mermaid-drawing';
      diagram.append(drawing);
    }
    drawing.innerHTML = svg;
    diagram.dataset.rendered = theme;
    diagram.removeAttribute('data-error');
  } catch (error) {
    // The source stays visible, with what Mermaid could not read.
    diagram.dataset.error = error instanceof Error ? error.message : String(error);
  }
}

let drawing: Promise<void> = Promise.resolve();

/** Draws every diagram of `root` not drawn yet, one after another (Mermaid renders into one hidden node). */
export function renderDiagrams(root: ParentNode): void {
  const diagrams = [...root.querySelectorAll<HTMLElement>('.mermaid-diagram:not([data-rendered])')];
  drawing = diagrams.reduce((previous, diagram) => previous.then(() => draw(diagram)), drawing);
  watchColourMode();
}

let watching = false;

/** A change of colour mode draws the diagrams on screen again in the new theme. */
function watchColourMode(): void {
  if (watching) return;
  watching = true;
  new MutationObserver(() => {
    const stale = [...document.querySelectorAll<HTMLElement>('.mermaid-diagram[data-rendered]')].filter(
      (d) => d.dataset.rendered !== themeOf(),
    );
    drawing = stale.reduce((previous, diagram) => previous.then(() => draw(diagram)), drawing);
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
}
