import { useContext } from 'react';
import { escapeHtml } from '../../src/shared/escape-html';
import type { CodeBlockProps } from '../../src/shared/theme-components';
import { HighlightedCodeContext, languageOf } from '../content/highlighted-code';
import { overridable } from '../theme-components';

/**
 * The theme's code block: its title and the code, highlighted when the site built it (the markup of a fenced block
 * the site does not override). Code the build did not highlight (what a component computes) is shown plain, in the
 * same frame.
 */
function CodeBlockOriginal(props: CodeBlockProps) {
  const { children, title } = props;
  const highlighted = useContext(HighlightedCodeContext);
  const lang = languageOf(props);
  const frame = `code-block${title ? ' has-title' : ''}`;
  const code = typeof children === 'string' ? children.replace(/\n$/, '') : undefined;
  if (highlighted && code === highlighted.code) {
    const titleHtml = title ? `<div class="code-title">${escapeHtml(title)}</div>` : '';
    return <div className={frame} data-lang={lang} dangerouslySetInnerHTML={{ __html: titleHtml + highlighted.pre }} />;
  }
  return (
    <div className={frame} data-lang={lang}>
      {title && <div className="code-title">{title}</div>}
      <pre className="shiki">
        <code>{code ?? children}</code>
      </pre>
    </div>
  );
}

/** `<CodeBlock language="rust" title="…">` (`@theme/CodeBlock`), and fenced blocks when the site overrides it. */
export const CodeBlock = overridable('CodeBlock', CodeBlockOriginal);
