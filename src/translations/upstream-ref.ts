import * as z from 'zod';

/** A path inside the upstream repository: relative, and never above its root. */
export const upstreamPath = /^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$)).+$/;
/** A commit id, abbreviated or whole. */
export const upstreamCommit = /^[0-9a-f]{7,40}$/i;

/**
 * Front matter `upstream`: the upstream page a translated page follows and the upstream commit its text was
 * last checked against, or `none` for a page that is the site's own.
 */
export const upstreamRefSchema = z.union([
  z.literal('none'),
  z.strictObject({
    path: z.string().regex(upstreamPath, 'expected a path inside the upstream repository, such as docs/x.md'),
    commit: z.string().regex(upstreamCommit, 'expected a commit id (7 to 40 hexadecimal characters)'),
  }),
]);

export type UpstreamRef = z.output<typeof upstreamRefSchema>;
