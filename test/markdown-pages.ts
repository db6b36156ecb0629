/*
 * The `.md` pages the markdown tests compare two ways (the fast parser against micromark in fast-parse.test.ts, the
 * direct path against the pipeline in direct-path.test.ts), and the compile input each is given.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { leadingHeading } from '../src/content/leading-heading';
import type { CompileInput } from '../src/markdown/compile-page';
import { usesMdx } from '../src/markdown/detect-format';
import { interfaceTextOf } from '../src/shared/i18n/catalogues';
import { repoRoot } from './helpers';

export const italianText = interfaceTextOf('it');

/** A content file's body as the site compiles it: front matter lines blanked, so lines are the file's. */
function bodyOf(text: string): string {
  const match = /^---[ \t]*\n([\s\S]*?)\n?^---[ \t]*$/m.exec(text);
  return match?.index === 0 ? match[0].replace(/[^\n]/g, '') + text.slice(match[0].length) : text;
}

/** Every `.md` page of content/ and of the fixtures that compiles as markdown (not MDX). */
export function markdownPages(): { file: string; body: string }[] {
  const files = execFileSync('git', ['ls-files', 'content', 'test/fixtures'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file.endsWith('.md') && !file.startsWith('test/fixtures/serve/'));
  return files
    .map((file) => ({ file, body: bodyOf(readFileSync(path.join(repoRoot, file), 'utf8').replace(/\r\n?/g, '\n')) }))
    .filter((page) => !usesMdx(page.body));
}

/** The compile input of a page's body, as a doc of the Italian site (its `# Title` line found as the site finds it). */
export function inputOf(file: string, body: string, excerpt = false): CompileInput {
  const heading = leadingHeading(body);
  return {
    file,
    route: '/it/pagina',
    baseUrl: '/it/',
    body,
    format: 'md',
    excerpt,
    tocMin: 2,
    tocMax: 3,
    fragments: {},
    text: italianText,
    ...(heading ? { titleLine: heading.line } : {}),
  };
}
