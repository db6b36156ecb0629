import * as z from 'zod';

/** As in Docusaurus: what a broken link, anchor or markdown link does to the build. */
export const brokenLinkPolicySchema = z.enum(['throw', 'warn', 'ignore']).default('throw');

export type BrokenLinkPolicy = z.output<typeof brokenLinkPolicySchema>;
