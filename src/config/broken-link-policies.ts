import type { BrokenLinkPolicy } from './broken-links-schema';

/** The three policies of a site, by the kind of link they rule. */
export interface BrokenLinkPolicies {
  /** A link to a route the site does not have (`onBrokenLinks`). */
  links: BrokenLinkPolicy;
  /** A link to an id the page it names does not have (`onBrokenAnchors`). */
  anchors: BrokenLinkPolicy;
  /** A link to a `.md`/`.mdx` file that is no page (`onBrokenMarkdownLinks`). */
  markdownLinks: BrokenLinkPolicy;
}

/**
 * The policies a validated config names. Apart from the schema: the build asks them, and a build that reuses its
 * validated config loads no schema.
 */
export function brokenLinkPoliciesOf(site: {
  onBrokenLinks: BrokenLinkPolicy;
  onBrokenAnchors: BrokenLinkPolicy;
  onBrokenMarkdownLinks: BrokenLinkPolicy;
}): BrokenLinkPolicies {
  return { links: site.onBrokenLinks, anchors: site.onBrokenAnchors, markdownLinks: site.onBrokenMarkdownLinks };
}
