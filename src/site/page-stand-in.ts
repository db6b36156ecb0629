/*
 * A compiled page as a warm build's props, render keys and link check see it without reading its HTML back: its
 * summary (everything but the HTML and the search blocks, kept in the cache folder by compile key) with its HTML
 * standing in as a token of the compile key and of what the link stage adds to it (the routes its file links
 * resolve to, its assets' URLs, the problems either finds). Two pages with the same token have the same final
 * HTML, so props made from stand-ins digest to the same render key exactly when the real props would.
 */
import { hash } from 'node:crypto';
import type { CompiledPage } from '../markdown/compiled-page';
import { cardListMarker } from '../markdown/remark-card-list';

/** What a compiled page is besides its HTML and its search blocks: what props and the link check read of it. */
export type PageSummary = Omit<CompiledPage, 'html' | 'excerptHtml' | 'search'> & {
  /** Whether the page has an excerpt (a post cut by `<!-- truncate -->`). */
  excerpt: boolean;
};

export function summaryOf(page: CompiledPage): PageSummary {
  const { html: _html, excerptHtml, search: _search, ...rest } = page;
  return { ...rest, excerpt: excerptHtml !== undefined };
}

/** Whether a value read from the cache folder is a summary (an entry of another layout is a miss). */
export function isPageSummary(value: unknown): value is PageSummary {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Array.isArray(v.toc) &&
    Array.isArray(v.ids) &&
    Array.isArray(v.links) &&
    Array.isArray(v.problems) &&
    typeof v.words === 'number' &&
    typeof v.excerpt === 'boolean'
  );
}

/** A summary as a compiled page with empty HTML, for the link stage to resolve as it resolves the page. */
export function unlinkedOf(summary: PageSummary): CompiledPage {
  const { excerpt, ...rest } = summary;
  return { ...rest, html: '', ...(excerpt ? { excerptHtml: '' } : {}), search: [] };
}

/**
 * The stand-in of a page whose summary the link stage resolved (`linked`, with `urls` its assets' URLs): its HTML
 * is the token, followed by the card list's marker when the page has one (the doc's props replace the marker with
 * its category's cards: they must show in the key).
 */
export function standInOf(linked: CompiledPage, compileKey: string, urls: readonly (readonly [string, unknown])[]) {
  const added = hash('sha256', JSON.stringify([linked.links, linked.problems, urls]), 'base64url');
  const token = `<!--docs-it:page ${compileKey} ${added}-->`;
  const standIn: CompiledPage = { ...linked, html: `${token}${linked.cardList ? cardListMarker : ''}` };
  if (linked.excerptHtml !== undefined) standIn.excerptHtml = `${token}<!--excerpt-->`;
  return standIn;
}
