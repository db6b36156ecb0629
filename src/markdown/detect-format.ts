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
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const text = line.replace(/`[^`]*`/g, '');
    if (/^(?:import|export)\s/.test(text) || /<\/?[A-Z][\w.]*[\s/>]|<[a-z][\w-]*\s[^<>]*=\{/.test(text)) return true;
  }
  return false;
}
