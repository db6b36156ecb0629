import type { TitleHeading } from './content-types';

/** Lines a title heading may follow: blank lines, MDX import/export lines, HTML comments. */
const skippable = /^\s*(?:$|import\s|export\s)/;

/** Inline markdown of a heading as plain text: `Uso di \`invoke\`` → `Uso di invoke`. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(.+?)\1/g, '$2')
    .replace(/<[^>]+>/g, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1')
    .trim();
}

/**
 * The `# Heading` that opens a page, which serves as its title when the front matter gives none: the first
 * thing in the body apart from blank lines, imports and comments. The compiled content leaves that heading
 * out (see `titleLine`), so this is the one place that decides it.
 */
export function leadingHeading(body: string): TitleHeading | undefined {
  const lines = body.split('\n');
  let inComment = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (inComment || /^\s*<!--/.test(line)) {
      inComment = !line.includes('-->');
      continue;
    }
    if (skippable.test(line)) continue;
    const atx = /^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (!atx) return undefined;
    const text = plainText(atx[1]!.replace(/\s*\{#[^}]+\}\s*$/, ''));
    return text ? { text, line: i + 1 } : undefined;
  }
  return undefined;
}
