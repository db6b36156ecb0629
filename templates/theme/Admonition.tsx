import { admonitionKinds, admonitionMarkup, isAdmonitionKind } from '../../src/shared/admonitions';
import type { AdmonitionProps } from '../../src/shared/theme-components';
import { useText } from '../text';
import { overridable } from '../theme-components';

/**
 * The theme's admonition: a box with its title (the kind's, in the site's language, when the page gave none) and
 * its content; the same markup `:::tip` compiles to (see `admonitionMarkup`).
 */
function AdmonitionOriginal({ type = 'note', title, children }: AdmonitionProps) {
  const { t } = useText();
  const { box, heading, content } = admonitionMarkup(type);
  return (
    <box.tagName className={box.className.join(' ')} role={box.role}>
      <heading.tagName className={heading.className.join(' ')}>
        {title ?? (isAdmonitionKind(type) ? t(admonitionKinds[type]) : type)}
      </heading.tagName>
      <content.tagName className={content.className.join(' ')}>{children}</content.tagName>
    </box.tagName>
  );
}

/** `<Admonition type="tip" title="…">` (`@theme/Admonition`), and `:::tip` when the site overrides it. */
export const Admonition = overridable('Admonition', AdmonitionOriginal);
