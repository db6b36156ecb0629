import { createContext, Fragment, type ReactNode, useContext } from 'react';
import {
  type InterfaceText,
  placeholderParts,
  type TranslationId,
  type Translator,
  translatorOf,
} from '../src/shared/i18n/interface-text';

/** The site's interface strings, provided by `App` (and by the search modal's own root). */
export const InterfaceTextContext = createContext<InterfaceText | null>(null);

/** The translator of the site's interface; a component rendered outside `InterfaceTextContext` is a bug. */
export function useText(): Translator {
  const text = useContext(InterfaceTextContext);
  if (!text)
    throw new Error('useText() is used outside <InterfaceTextContext.Provider>: render the page through <App>.');
  return translatorOf(text);
}

/**
 * A string whose placeholders are elements (`{date}` → `<time>`): its text and the elements in the string's
 * order, whatever order a language puts them in.
 */
export function Translated({
  text,
  parts,
}: {
  /** The string, as `Translator.t` returns it (other placeholders filled). */
  text: string;
  parts: Readonly<Record<string, ReactNode>>;
}) {
  return (
    <>
      {placeholderParts(text).map((part, i) =>
        typeof part === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in its order.
          <Fragment key={i}>{part}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in its order.
          <Fragment key={i}>{part.name in parts ? parts[part.name] : `{${part.name}}`}</Fragment>
        ),
      )}
    </>
  );
}

export type { TranslationId, Translator };
