import * as z from 'zod';

/** As in Docusaurus: what a broken link, anchor or markdown link does to the build. */
export const brokenLinkPolicySchema = z.enum(['throw', 'warn', 'ignore']).default('throw');

export type BrokenLinkPolicy = z.output<typeof brokenLinkPolicySchema>;

/** The three policies of a site, by the kind of link they rule. */
export interface BrokenLinkPolicies {
  /** A link to a route the site does not have (`onBrokenLinks`). */
  links: BrokenLinkPolicy;
  /** A link to an id the page it names does not have (`onBrokenAnchors`). */
  anchors: BrokenLinkPolicy;
  /** A link to a `.md`/`.mdx` file that is no page (`onBrokenMarkdownLinks`). */
  markdownLinks: BrokenLinkPolicy;
}

/** The policies a validated config names. */
export function brokenLinkPoliciesOf(site: {
  onBrokenLinks: BrokenLinkPolicy;
  onBrokenAnchors: BrokenLinkPolicy;
  onBrokenMarkdownLinks: BrokenLinkPolicy;
}): BrokenLinkPolicies {
  return { links: site.onBrokenLinks, anchors: site.onBrokenAnchors, markdownLinks: site.onBrokenMarkdownLinks };
}
