import { DocsItError, type ErrorCollector } from '../errors';
import type { TitleHeading } from './content-types';
import { leadingHeading } from './leading-heading';
import type { ParsedSource } from './source-file';
import { textFact } from './text-facts';

/** The `# Heading` that opens a page (see `leadingHeading`), a fact of its text kept in the content record. */
export function headingOf(source: ParsedSource): TitleHeading | undefined {
  return textFact(source, 'heading', (s) => {
    const heading = leadingHeading(s.body);
    // A copy of the heading's text, which as found is a slice of the page's text and would keep it whole.
    return heading && { text: JSON.parse(JSON.stringify(heading.text)) as string, line: heading.line };
  });
}

/**
 * The title of a doc, a post or a page: its front matter's `title`, else its opening `# Heading` (which is kept, with
 * its line, whichever gives the title). Undefined, with a located error in `errors`, for a file that has neither.
 */
export function pageTitleOf(
  source: ParsedSource,
  what: 'page' | 'post',
  errors: ErrorCollector,
): { title: string; heading: TitleHeading | undefined } | undefined {
  const heading = headingOf(source);
  const title = (source.frontMatter as { title?: string }).title ?? heading?.text;
  if (title) return { title, heading };
  errors.add(
    new DocsItError(
      `the ${what} has no title`,
      { file: source.file, line: 1, column: 1 },
      `Add \`title: …\` to the front matter, or start the ${what} with a \`# Title\` line.`,
    ),
  );
  return undefined;
}
