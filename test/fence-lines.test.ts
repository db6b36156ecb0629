/*
 * The passes that read a page's lines before it is parsed (its imports, whether it is MDX, MDX 1 habits, admonition
 * titles) tell code from prose by one reading of fences (src/markdown/fence-lines.ts), CommonMark's: a line with an
 * info string inside a fence is code, not the fence's end.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { usesMdx } from '../src/markdown/detect-format';
import { titlesAfterNames } from '../src/markdown/directive-titles';
import { builtinDirectives } from '../src/markdown/directives';
import { fenceAfter } from '../src/markdown/fence-lines';
import { importsOf } from '../src/markdown/mdx-imports';
import { mdx1Compat } from '../src/markdown/mdx1-compat';
import { compileMd } from './helpers';
import { numbers } from './seeded-numbers';

/** A fence that shows another fence's opening line: everything up to the last line is code. */
const inFence = (code: string) => `Prima.\n\n\`\`\`\`md\n\`\`\`\`js\n${code}\n\`\`\`\`\n\nDopo.\n`;

test('a fence closes on a line of its marker alone, as long or longer; a line with an info string is code', () => {
  assert.is(fenceAfter('```js', undefined), '```');
  assert.is(fenceAfter('```', '```'), undefined);
  assert.is(fenceAfter('  `````  ', '```'), undefined);
  assert.is(fenceAfter('```js', '```'), '```');
  assert.is(fenceAfter('~~~', '```'), '```');
  assert.is(fenceAfter('```', '````'), '````');
  assert.is(fenceAfter('testo', '```'), '```');
  assert.is(fenceAfter('testo', undefined), undefined);
});

test('inside a fence, a line with an info string does not end it for any pass before the parser', async () => {
  const page = inFence("import Box from './Box';\n<!-- commento -->\n:::tip Titolo\n:::");
  assert.equal(importsOf(page), [], 'no import');
  assert.is(usesMdx(page), false, 'not MDX');
  assert.is(mdx1Compat(page), page, 'no comment rewritten');
  assert.is(titlesAfterNames(builtinDirectives)(page), page, 'no title rewritten');
  // What the parser makes of it: one code block, with those lines in it.
  const { html } = await compileMd(page);
  assert.match(html, 'import Box from');
  assert.match(html, '&#x3C;!-- commento -->');
  assert.not.match(html, 'admonition');
});

test('after the fence, prose is prose again', () => {
  const page = `${inFence('codice')}\nimport Box from './Box';\n`;
  assert.equal(importsOf(page), [{ source: './Box', line: 10 }]);
  assert.is(usesMdx(page), true);
});

/** `usesMdx` as it read every line (the reading it must keep): the lines after a fence's test, one by one. */
function usesMdxLineByLine(body: string): boolean {
  let fence: string | undefined;
  for (const line of body.split('\n')) {
    const inside = fence !== undefined;
    fence = fenceAfter(line, fence);
    if (inside || fence !== undefined) continue;
    const text = line.replace(/`[^`]*`/g, '');
    if (/^(?:import|export)\s/.test(text) || /<\/?[A-Z][\w.]*[\s/>]|<[a-z][\w-]*\s[^<>]*=\{/.test(text)) return true;
  }
  return false;
}

test('whether a page is MDX: the same answer as reading every line, on pages made of fences, code and tags', () => {
  const parts = [
    '```',
    '````js',
    '~~~',
    '  ```',
    '`` ` ``',
    'import x from "y";',
    'export const a = 1;',
    '`import` x',
    'testo',
    '<Tabs>',
    '<div style={{a: 1}}>',
    '`<Tabs>`',
    '<a href="x">',
    '< b',
    'importante',
    '  import y',
    '',
  ];
  const next = numbers(7);
  let mdx = 0;
  for (let run = 0; run < 4000; run++) {
    const lines = Array.from({ length: 1 + next(8) }, () =>
      Array.from({ length: 1 + next(2) }, () => parts[next(parts.length)]).join(''),
    );
    const page = lines.join('\n');
    const expected = usesMdxLineByLine(page);
    if (expected) mdx++;
    assert.is(usesMdx(page), expected, JSON.stringify(page));
  }
  assert.ok(mdx > 500 && mdx < 3500, `${mdx} pages of MDX`);
});

test.run();
