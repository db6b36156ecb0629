import { closestName } from '../config/describe-issue';
import { DocsItError } from '../errors';
import { knownFrontMatterKeys } from './front-matter';
import type { ParsedSource } from './source-file';

/**
 * A warning for each front matter key docs-it does not know: a misspelt key, or a Docusaurus key docs-it does
 * not act on, would otherwise change nothing without a word.
 */
export function unknownKeyWarnings(sources: ParsedSource[]): DocsItError[] {
  return sources.flatMap((source) =>
    (source.unknownKeys ?? []).map((key) => {
      const near = closestName(key, knownFrontMatterKeys(source.section));
      return new DocsItError(
        `unknown front matter key "${key}"`,
        { file: source.file, line: source.keyLines[key] ?? 2, column: 1 },
        near
          ? `Did you mean "${near}"? docs-it ignores this key.`
          : 'docs-it ignores this key (WRITING.md lists the keys it knows); remove it, or keep it as a note.',
      );
    }),
  );
}
