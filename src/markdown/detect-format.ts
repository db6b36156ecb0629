import { fenceAfter } from './fence-lines';

/** Somewhere in the page, what an MDX line starts with or holds: a page without any is not MDX. */
const mdxShape = /^(?:import|export)\s|<\/?[A-Z]|<[a-z][^<>]*=\{/m;

/** What a line must hold for `usesMdx` to read it: a fence's marker, or a piece of what an MDX line holds. */
const lineMarks = ['```', '~~~', '<', 'import', 'export'];

/**
 * Whether a `.md` page is written in MDX: an `import`/`export` line, a JSX component (`<Tabs>`, a capital
 * letter) or an HTML tag with an attribute written as a JSX expression (`<code style={{…}}>`, which HTML has no
 * way to say) outside code. Docusaurus compiles such pages as MDX; compiled as markdown they would print the
 * imports, drop the components and show the tag as text, without a word.
 */
export function usesMdx(body: string): boolean {
  if (!mdxShape.test(body)) return false;
  let fence: string | undefined;
  // A page whose code shows imports or tags comes here. Only a line with a marker opens or closes a fence
  // (`fenceLine`); only one with `<`, `import` or `export` can be MDX (what the two tests below look for): the lines
  // holding none are skipped, found by each mark's next place in the page, and no line is cut out but those read.
  const next = lineMarks.map((mark) => body.indexOf(mark));
  for (let from = 0; ; ) {
    let at = -1;
    for (let m = 0; m < lineMarks.length; m++) {
      if (next[m]! !== -1 && next[m]! < from) next[m] = body.indexOf(lineMarks[m]!, from);
      if (next[m]! !== -1 && (at === -1 || next[m]! < at)) at = next[m]!;
    }
    if (at === -1) return false;
    const end = body.indexOf('\n', at);
    from = end === -1 ? body.length : end + 1;
    const line = body.slice(body.lastIndexOf('\n', at) + 1, end === -1 ? body.length : end);
    if (line.includes('```') || line.includes('~~~')) {
      const inside = fence !== undefined;
      fence = fenceAfter(line, fence);
      if (inside || fence !== undefined) continue;
    } else if (fence !== undefined) continue;
    if (!line.includes('<') && !line.includes('import') && !line.includes('export')) continue;
    const text = line.replace(/`[^`]*`/g, '');
    if (/^(?:import|export)\s/.test(text) || /<\/?[A-Z][\w.]*[\s/>]|<[a-z][\w-]*\s[^<>]*=\{/.test(text)) return true;
  }
}
