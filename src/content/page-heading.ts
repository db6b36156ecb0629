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
