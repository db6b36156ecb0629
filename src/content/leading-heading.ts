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
  let inComment = false;
  // Line by line from the top, without splitting the whole body: the answer is in its first few lines.
  for (let i = 0, start = 0; ; i++) {
    const end = body.indexOf('\n', start);
    const line = end === -1 ? body.slice(start) : body.slice(start, end);
    start = end + 1;
    if (inComment || /^\s*<!--/.test(line)) {
      inComment = !line.includes('-->');
    } else if (!skippable.test(line)) {
      const atx = /^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
      if (!atx) return undefined;
      const text = plainText(atx[1]!.replace(/\s*\{#[^}]+\}\s*$/, ''));
      return text ? { text, line: i + 1 } : undefined;
    }
    if (end === -1) return undefined;
  }
}
