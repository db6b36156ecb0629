import type { ReactNode } from 'react';
import { isSafeUrl } from '../../../templates/safe-url';
import { useText } from '../../../templates/text';
import { ids } from './search-ids';
import type { SearchHit } from './types';

export interface HitGroup {
  category: string;
  items: { hit: SearchHit; index: number }[];
}

/**
 * Where a hit leads: url + '#anchor', the url alone, '#anchor' alone, or nowhere (warned once). A url that
 * fails the safe-URL check of front matter (`javascript:`, `data:`…) leads nowhere: an index is data from
 * elsewhere (a Meilisearch server, a fetched file), and such a link would run on click.
 */
export function hitHref(hit: SearchHit): string | null {
  if (hit.url) {
    if (!isSafeUrl(hit.url)) return null;
    return hit.anchor && !hit.url.includes('#') ? `${hit.url}#${hit.anchor}` : hit.url;
  }
  if (hit.anchor) return `#${hit.anchor}`;
  return null;
}

/** Highlighted text as React nodes: only `<mark>` becomes an element, everything else stays text. */
export function Highlighted({ text }: { text: string | null }) {
  if (!text) return null;
  const parts = text.split(/(<mark>|<\/mark>)/);
  let marked = false;
  const nodes: ReactNode[] = [];
  parts.forEach((part, i) => {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts are slices of one string, re-split on every render.
    else if (part) nodes.push(marked ? <mark key={i}>{part}</mark> : part);
  });
  return <>{nodes}</>;
}

/** lvl2–lvl6 joined: the title of a hit (its page title when it has no heading). */
function titleOf(hit: SearchHit): { title: string | null; subtitle: string | null } {
  const f = hit._formatted.hierarchy;
  const headings = [f.lvl2, f.lvl3, f.lvl4, f.lvl5, f.lvl6].filter((h): h is string => !!h);
  return headings.length ? { title: headings.join(' › '), subtitle: f.lvl1 } : { title: f.lvl1, subtitle: null };
}

/**
 * Hits grouped by category in rank order: a group is a run of hits of one category, so no hit is shown above a
 * better one (a category can head more than one group). Numbered in the order they are shown.
 */
export function groupHits(hits: SearchHit[]): HitGroup[] {
  const groups: HitGroup[] = [];
  hits.forEach((hit, index) => {
    const category = hit.hierarchy.lvl0 ?? '';
    const last = groups[groups.length - 1];
    if (last?.category === category) last.items.push({ hit, index });
    else groups.push({ category, items: [{ hit, index }] });
  });
  return groups;
}

/** The results as a listbox of options grouped by category; `selected` is the option the keyboard is on. */
export function SearchResults({
  groups,
  selected,
  onSelect,
  onChoose,
  onOpen,
}: {
  groups: HitGroup[];
  selected: number;
  onSelect(index: number): void;
  /** Called when a hit's link is followed (in any tab). */
  onChoose(hit: SearchHit): void;
  /** Called when a hit's link is followed in this tab. */
  onOpen(): void;
}) {
  const { t } = useText();
  return (
    <div
      id={ids.list}
      role="listbox"
      aria-label={t('theme.SearchModal.results.ariaLabel')}
      className="search-modal-results"
    >
      {groups.map((group) => (
        // biome-ignore lint/a11y/useSemanticElements: a group of options in a listbox; <fieldset> groups form controls.
        <div
          key={`${group.category}-${group.items[0]!.index}`}
          role="group"
          aria-label={group.category}
          className="search-hit-group"
        >
          <div className="search-hit-category" aria-hidden="true">
            {group.category}
          </div>
          {group.items.map(({ hit, index }) => (
            <HitItem
              key={`${hit.id}-${index}`}
              hit={hit}
              index={index}
              selected={index === selected}
              onHover={() => onSelect(index)}
              onChoose={() => onChoose(hit)}
              onOpen={onOpen}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

function HitItem({
  hit,
  index,
  selected,
  onHover,
  onChoose,
  onOpen,
}: {
  hit: SearchHit;
  index: number;
  selected: boolean;
  onHover(): void;
  onChoose(): void;
  onOpen(): void;
}) {
  const href = hitHref(hit);
  const { title, subtitle } = titleOf(hit);
  const body = (
    <>
      <span className="search-hit-title">
        <Highlighted text={title} />
      </span>
      {subtitle ? (
        <span className="search-hit-path">
          <Highlighted text={subtitle} />
        </span>
      ) : null}
      {hit._formatted.content ? (
        <span className="search-hit-content">
          <Highlighted text={hit._formatted.content} />
        </span>
      ) : null}
    </>
  );
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant).
    <div
      id={ids.item(index)}
      role="option"
      aria-selected={selected}
      className={`search-hit${selected ? ' selected' : ''}`}
      onMouseMove={selected ? undefined : onHover}
    >
      {href ? (
        <a
          href={href}
          tabIndex={-1}
          onClick={(event) => {
            onChoose();
            if (!event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) onOpen();
          }}
        >
          {body}
        </a>
      ) : (
        body
      )}
    </div>
  );
}
