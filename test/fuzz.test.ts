import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFrontMatter } from '../src/content/front-matter';
import type { SourceFile } from '../src/content/source-file';
import { DocsItError, docsItErrorsOf } from '../src/errors';
import { compileMd } from './helpers';

/*
 * Property: any content file ends either in a page or in located DocsItErrors, never in an uncaught
 * exception or a hang. 2,000 generated files in `npm test` (FUZZ_RUNS to change; `npm run test:long` runs 100,000),
 * seeded (FUZZ_SEED).
 */
const runs = Number(process.env.FUZZ_RUNS ?? 2_000);
const seed = Number(process.env.FUZZ_SEED ?? 20261122);
// A hang guard, not a speed limit: far above the slowest idle file (about 1 s), so a busy machine never fails it.
const hangGuardMs = 60_000;

const fragment = fc.oneof(
  fc.constantFrom(
    '# Titolo\n',
    '## Sezione {#id}\n',
    '### Perché?\n',
    '#### h4\n',
    '##### h5 {#}\n',
    '\n',
    '---\n',
    '***\n',
  ),
  fc.constantFrom(
    ':::tip\n',
    ':::tip Titolo\n',
    ':::danger[Pericolo]\n',
    ':::\n',
    '::::tabs{groupId="pm"}\n',
    ':::tab{label="npm"}\n',
    '::::\n',
    ':::sconosciuto\n',
    '::doc-card-list\n',
    ':testo[x]{y=z}',
    ':::tab\n',
  ),
  fc.constantFrom(
    '```rust title="a.rs" {1-3} showLineNumbers\n',
    '```\n',
    '```klingon\n',
    '~~~ts\n',
    '````md\n',
    'fn main() {}\n',
    '```ts {99999999}\n',
  ),
  fc.constantFrom(
    '- a\n',
    '  - b\n',
    '1. uno\n',
    '> citazione\n',
    '>> >> doppia\n',
    '| a | b |\n',
    '|---|---|\n',
    '- [ ] task\n',
    '[^1]: nota\n',
  ),
  fc.constantFrom(
    '[link](./altro.md#x)',
    '[rotto](../../../x.md)',
    '![img](/it/img/x.png)',
    '![rel](img.png)',
    '<details><summary>s</summary>',
    '</details>',
    '<div>',
    '<!-- truncate -->',
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '[js](javascript:alert(1))',
  ),
  fc.constantFrom(
    '{',
    '}',
    '<',
    '>',
    '&',
    '`',
    '\\',
    '\r\n',
    '\t',
    '\uFEFF',
    '\u0000',
    '\uD800',
    'È',
    '😀',
    ' ',
    '*',
    '_',
    '~~',
  ),
  fc.string({ maxLength: 40 }),
);

const nested = fc
  .integer({ min: 1, max: 400 })
  .map(
    (depth) =>
      `${'> '.repeat(depth)}profondo\n` +
      Array.from({ length: Math.min(depth, 60) }, (_, i) => `${'  '.repeat(i)}- lista\n`).join(''),
  );
const huge = fc.integer({ min: 1, max: 3 }).map((n) => `${'parola '.repeat(10_000 * n)}\n`);

const frontMatter = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '---\ntitle: Ok\n---\n',
    '---\ntitle: [aperta\n---\n',
    '---\ntitle: 3\nsidebar_position: primo\n---\n',
    '---\n- lista\n---\n',
    '---\ntitle: Non chiusa\n',
    '---\r\ntitle: CRLF\r\n---\r\n',
    '\uFEFF---\ntitle: BOM\n---\n',
    '---\ntitle: x\ntitle: doppio\n---\n',
    '---\n---\n',
    '---\ndraft: yes\ntags: {a: 1}\n---\n',
  ),
  fc
    .dictionary(
      fc.constantFrom(
        'title',
        'description',
        'sidebar_position',
        'slug',
        'draft',
        'toc_max_heading_level',
        'keywords',
        'x',
      ),
      fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null)),
    )
    .map(
      (d) =>
        `---\n${Object.entries(d)
          .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
          .join('\n')}\n---\n`,
    ),
);

const file = fc.tuple(
  frontMatter,
  fc.oneof(
    { weight: 400, arbitrary: fc.array(fragment, { maxLength: 30 }).map((f) => f.join('')) },
    { weight: 8, arbitrary: nested },
    { weight: 1, arbitrary: huge },
    { weight: 4, arbitrary: fc.constant('') },
  ),
  fc.constantFrom('md', 'mdx'),
  fc.constantFrom('guides/pagina', 'a/../../b', 'con spazi/è', '_frammento', 'index'),
);

async function check(fm: string, body: string, format: 'md' | 'mdx', id: string): Promise<void> {
  const source: SourceFile = {
    file: `content/docs/${id}.${format}`,
    relPath: `${id}.${format}`,
    section: 'docs',
    text: fm + body,
  };
  let guard: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    guard = setTimeout(() => reject(new Error(`no answer in ${hangGuardMs} ms: a hang`)), hangGuardMs);
  });
  try {
    const parsed = parseFrontMatter(source);
    await Promise.race([compileMd(parsed.body, { format }), hang]);
  } catch (error) {
    const errors = docsItErrorsOf(error);
    if (errors.length === 0)
      throw new Error(
        `uncaught ${(error as Error)?.name}: ${(error as Error)?.message}\n--- input ---\n` +
          `${JSON.stringify(source.text.slice(0, 500))}`,
      );
    for (const e of errors) {
      assert.instance(e, DocsItError);
      assert.ok(e.location?.file && e.location.line !== undefined && e.hint, `unlocated error: ${e.message}`);
    }
  }
  clearTimeout(guard);
}

test(`${runs} generated files end in a page or a located DocsItError`, async () => {
  await fc.assert(
    fc.asyncProperty(file, async ([fm, body, format, id]) => check(fm, body, format as 'md' | 'mdx', id)),
    { numRuns: runs, seed, endOnFailure: true },
  );
});

test('regressions found by the fuzzer stay fixed', async () => {
  const cases: [string, string, 'md' | 'mdx'][] = [
    ['', '```ts {99999999}\nx\n```\n', 'md'],
    ['---\ntitle: x\ntitle: doppio\n---\n', 'x', 'md'],
    ['', ':::tab\nx\n:::\n', 'md'],
    ['', '{', 'mdx'],
    ['', '<Tabs>', 'mdx'],
    ['', '\uD800\u0000', 'md'],
  ];
  for (const [fm, body, format] of cases) await check(fm, body, format, 'regressione');
});

test.run();
