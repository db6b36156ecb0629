import { admonitionMarkup, admonitionOf } from '../../src/shared/admonitions';
import type { AdmonitionProps } from '../../src/shared/theme-components';
import { useText } from '../text';
import { overridable } from '../theme-components';

/**
 * The theme's admonition: a box with its title (the kind's, in the site's language, when the page gave none) and
 * its content; the same markup `:::tip` compiles to (see `admonitionMarkup`).
 */
function AdmonitionOriginal({ type = 'note', title, children }: AdmonitionProps) {
  const { t } = useText();
  // A legacy name (`success`) looks like its kind and is titled with its own name.
  const admonition = admonitionOf(type);
  const { box, heading, content } = admonitionMarkup(admonition?.kind ?? type);
  const defaultTitle = !admonition ? type : 'id' in admonition.title ? t(admonition.title.id) : admonition.title.text;
  return (
    <box.tagName className={box.className.join(' ')} role={box.role}>
      <heading.tagName className={heading.className.join(' ')}>{title ?? defaultTitle}</heading.tagName>
      <content.tagName className={content.className.join(' ')}>{children}</content.tagName>
    </box.tagName>
  );
}

/** `<Admonition type="tip" title="…">` (`@theme/Admonition`), and `:::tip` when the site overrides it. */
export const Admonition = overridable('Admonition', AdmonitionOriginal);
