import { useEffect, useRef, useState } from 'react';
import { safeUrl } from './safe-url';

/** The initials of a name: the first letters of its first and last words (`Robin van Boven` → `RB`). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word: string | undefined) => (word ? ([...word][0] ?? '') : '');
  const initials = words.length > 1 ? first(words[0]) + first(words[words.length - 1]) : first(words[0]);
  return initials.toLocaleUpperCase();
}

/**
 * An author's picture, or their initials when it cannot be loaded (no network, an offline copy of the site, a
 * moved image): never a broken-image frame. Before hydration a stylesheet rule draws the initials over a broken
 * image (`data-initials`); once hydrated, the initials replace it.
 */
export function Avatar({ name, src }: { name: string; src: string }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = image.current;
    // An image that failed before hydration fired its error event before anyone listened; decode() says so.
    if (img?.complete) img.decode().catch(() => setFailed(true));
  }, []);
  const initials = initialsOf(name);
  if (failed)
    return (
      <span className="avatar avatar-initials" aria-hidden="true">
        {initials}
      </span>
    );
  return (
    <img
      ref={image}
      className="avatar"
      src={safeUrl(src)}
      alt=""
      width="40"
      height="40"
      loading="lazy"
      data-initials={initials}
      onError={() => setFailed(true)}
    />
  );
}
