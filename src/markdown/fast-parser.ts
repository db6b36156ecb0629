import type MarkdownIt from 'markdown-it';
import type { Root } from 'mdast';
import { createFastParser, fastMdast } from './fast-mdast';

/** Loads markdown-it (a test gives a loader that fails). */
export type FastParserLoader = () => Promise<typeof MarkdownIt>;

const loadMarkdownIt: FastParserLoader = async () => (await import('markdown-it')).default;

/**
 * The fast parser of one page compiler, loaded on first use. When it cannot load, every page takes the full parser
 * and `warn` is told once.
 */
export function createFastPath(options: { load?: FastParserLoader; warn?: (message: string) => void } = {}) {
  let parser: Promise<MarkdownIt | undefined> | undefined;
  const parserOf = () => {
    // A markdown-it whose inline rules are not the ones the converter wraps fails here too, with the same warning.
    parser ??= (options.load ?? loadMarkdownIt)()
      .then((MarkdownItClass) => createFastParser(MarkdownItClass))
      .catch((error: unknown) => {
        options.warn?.(
          `the fast markdown parser could not load (${(error as Error)?.message ?? String(error)}): ` +
            'every page is parsed by the full parser',
        );
        return undefined;
      });
    return parser;
  };
  return {
    /** The page's mdast without the full parser, or undefined when the page (or the parser) is not for it. */
    async parse(source: string): Promise<Root | undefined> {
      const md = await parserOf();
      return md && fastMdast(md, source);
    },
  };
}

/** Whether the fast parser is on: `DOCS_IT_FAST_PARSER=0` turns it off (to compare, or to rule it out). */
export function fastParserWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DOCS_IT_FAST_PARSER !== '0';
}
