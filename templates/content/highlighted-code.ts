import { createContext } from 'react';
import type { CodeBlockProps } from '../../src/shared/theme-components';

/**
 * The highlighted markup (the `<pre>` the build's highlighter wrote) of the code a page's block holds, for the theme's
 * CodeBlock: the markdown compiler provides it on the server, the browser reads it back from the page before
 * hydrating (src/client/theme-islands.ts). Its own module, so that a CodeBlock a site ejected reads the same one.
 */
export const HighlightedCodeContext = createContext<{ code: string; pre: string } | undefined>(undefined);

/** The language a block's props name: `language`, or the `language-<lang>` class of a fenced block. */
export const languageOf = ({ language, className }: CodeBlockProps): string | undefined =>
  language ?? /(?:^|\s)language-(\S+)/.exec(className ?? '')?.[1];
