/*
 * The `# Heading` that opens a page (its title when the front matter gives none), read from the body's first lines
 * without splitting the rest of it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { leadingHeading } from '../src/content/leading-heading';
import { numbers } from './seeded-numbers';

test('the heading after blank lines, imports and comments; none after anything else', () => {
  assert.equal(leadingHeading('\n\n# Il titolo\n\nTesto.'), { text: 'Il titolo', line: 3 });
  assert.equal(leadingHeading("import X from './x';\n<!-- nota\nsu due righe -->\n# Con `codice` ##"), {
    text: 'Con codice',
    line: 4,
  });
  assert.equal(leadingHeading('# Titolo {#ancora}'), { text: 'Titolo', line: 1 });
  assert.is(leadingHeading('Testo.\n# Dopo'), undefined);
  assert.is(leadingHeading(''), undefined);
  assert.is(leadingHeading('\n\n'), undefined);
  assert.is(leadingHeading('<!-- mai chiuso\n# Titolo'), undefined);
  assert.is(leadingHeading('#'), undefined);
});

/** The reading it keeps: the body split into lines first. */
function leadingHeadingOfLines(body: string): { text: string; line: number } | undefined {
  const lines = body.split('\n');
  let inComment = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (inComment || /^\s*<!--/.test(line)) {
      inComment = !line.includes('-->');
      continue;
    }
    if (/^\s*(?:$|import\s|export\s)/.test(line)) continue;
    const heading = leadingHeading(`${line}\n`);
    return heading && { text: heading.text, line: i + 1 };
  }
  return undefined;
}

test('the same heading and line as reading the body split into lines first, on generated bodies', () => {
  const parts = ['', '  ', '# Titolo', '## Sotto', 'Testo', '<!--', '-->', '<!-- a -->', 'import x', '#', '\t'];
  const next = numbers(11);
  let found = 0;
  for (let run = 0; run < 4000; run++) {
    const body = Array.from({ length: next(9) }, () => parts[next(parts.length)]).join('\n');
    const expected = leadingHeadingOfLines(body);
    if (expected) found++;
    assert.equal(leadingHeading(body), expected, JSON.stringify(body));
  }
  assert.ok(found > 300, `${found} headings`);
});

test.run();
