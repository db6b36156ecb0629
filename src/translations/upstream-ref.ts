import * as z from 'zod';

/**
 * Front matter `upstream`: the upstream page a translated page follows and the upstream commit its text was
 * last checked against, or `none` for a page that is the site's own.
 */
export const upstreamRefSchema = z.union([
  z.literal('none'),
  z.strictObject({
    path: z
      .string()
      .regex(
        /^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$)).+$/,
        'expected a path inside the upstream repository, such as docs/x.md',
      ),
    commit: z.string().regex(/^[0-9a-f]{7,40}$/i, 'expected a commit id (7 to 40 hexadecimal characters)'),
  }),
]);

export type UpstreamRef = z.output<typeof upstreamRefSchema>;
