import { fenceAfter } from './fence-lines';

/**
 * Whether a `.md` page is written in MDX: an `import`/`export` line, a JSX component (`<Tabs>`, a capital
 * letter) or an HTML tag with an attribute written as a JSX expression (`<code style={{…}}>`, which HTML has no
 * way to say) outside code. Docusaurus compiles such pages as MDX; compiled as markdown they would print the
 * imports, drop the components and show the tag as text, without a word.
 */
export function usesMdx(body: string): boolean {
  if (!/^(?:import|export)\s|<\/?[A-Z]|<[a-z][^<>]*=\{/m.test(body)) return false;
  let fence: string | undefined;
  for (const line of body.split('\n')) {
    // A page whose code shows imports or tags comes here: most of its lines are read with two substring searches.
    // Only a line with a marker opens or closes a fence (`fenceLine`); only one with `<`, `import` or `export` can
    // be MDX (what the two tests below look for).
    if (line.includes('```') || line.includes('~~~')) {
      const inside = fence !== undefined;
      fence = fenceAfter(line, fence);
      if (inside || fence !== undefined) continue;
    } else if (fence !== undefined) continue;
    if (!line.includes('<') && !line.includes('import') && !line.includes('export')) continue;
    const text = line.replace(/`[^`]*`/g, '');
    if (/^(?:import|export)\s/.test(text) || /<\/?[A-Z][\w.]*[\s/>]|<[a-z][\w-]*\s[^<>]*=\{/.test(text)) return true;
  }
  return false;
}
