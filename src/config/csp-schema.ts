import * as z from 'zod';

/** Fetch and document directives a site may add sources to; scripts stay docs-it's own (hashes, no inline). */
export const extendableDirectives = [
  'default-src',
  'style-src',
  'img-src',
  'connect-src',
  'font-src',
  'frame-src',
  'media-src',
  'child-src',
  'worker-src',
  'manifest-src',
  'form-action',
] as const;

/**
 * Sources the site adds to the Content-Security-Policy docs-it writes, by directive (default none): e.g.
 * `{ 'frame-src': ['https://www.youtube-nocookie.com'] }` for video embeds. A directive docs-it does not write
 * yet (`frame-src`, `media-src`) is added with `'self'` and these sources.
 */
export const cspSchema = z
  .partialRecord(
    z.enum(extendableDirectives),
    z.array(
      z
        .string()
        .regex(/^[^\s;,]+$/, 'expected one source, such as "https://www.youtube-nocookie.com"')
        .refine((source) => source !== "'unsafe-eval'", "'unsafe-eval' would let any injected text run as code"),
    ),
  )
  .default({});
