import * as z from 'zod';

/** A link in a dropdown or the footer: `to` is a route of this site (checked like page links), `href` any URL. */
export const linkItemSchema = z.strictObject({
  label: z.string(),
  to: z.string().optional(),
  href: z.string().optional(),
  /** Extra `rel` values, e.g. `me` for Mastodon verification. */
  rel: z.string().optional(),
});

/** Which side of the navbar an item sits on (default `left`; the dropdowns of the right side default `right`). */
const position = z.enum(['left', 'right']).default('left');

const navbarItemSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('link'),
    label: z.string(),
    to: z.string().optional(),
    href: z.string().optional(),
    position,
  }),
  /** A link to the first page of a sidebar, active on every page of it. */
  z.strictObject({ type: z.literal('docSidebar'), label: z.string(), sidebarId: z.string(), position }),
  z.strictObject({ type: z.literal('dropdown'), label: z.string(), items: z.array(linkItemSchema).min(1), position }),
  z.strictObject({
    type: z.literal('github'),
    href: z.string(),
    label: z.string(),
    position: position.default('right'),
  }),
  z.strictObject({
    type: z.literal('localeDropdown'),
    itemsAfter: z.array(linkItemSchema).default([]),
    position: position.default('right'),
  }),
  z.strictObject({
    type: z.literal('docsVersionDropdown'),
    itemsAfter: z.array(linkItemSchema).default([]),
    position: position.default('right'),
  }),
]);

export type NavbarItemConfig = z.output<typeof navbarItemSchema>;

export const navbarSchema = z.strictObject({
  /** Default: the site's title. */
  title: z.string().optional(),
  /** Paths under `content/static`; `srcDark` (default: `src`) is shown in dark mode. Both must exist. Default none. */
  logo: z
    .strictObject({
      alt: z.string(),
      src: z.string(),
      srcDark: z.string().optional(),
      /** The logo's size in the navbar (pixels or a CSS length); by default 2rem high and as wide as the image. */
      width: z.union([z.number().positive(), z.string()]).optional(),
      height: z.union([z.number().positive(), z.string()]).optional(),
    })
    .optional(),
  /** Hide the navbar while scrolling down (default true). */
  hideOnScroll: z.boolean().default(true),
  /** Default: a link to each sidebar and to the blog (see `completeNavbar`). */
  items: z.array(navbarItemSchema).optional(),
});

/**
 * A footer item: a link, or (as in Docusaurus) `{ html }`, markup the site's maintainers wrote (a badge), shown as
 * it is.
 */
const footerItemSchema = z.union([linkItemSchema, z.strictObject({ html: z.string().min(1) })]);

const footerColumnsSchema = z.array(z.strictObject({ title: z.string(), items: z.array(footerItemSchema) }));

export const footerSchema = z
  .strictObject({
    /** Columns of links (default none). */
    columns: footerColumnsSchema.optional(),
    /** Docusaurus's name for `columns`. */
    links: footerColumnsSchema.optional(),
    /** Default none. */
    copyright: z.string().default(''),
  })
  .refine((footer) => !(footer.columns && footer.links), {
    message: 'columns and links are one list under two names: keep one',
    path: ['links'],
  })
  .transform(({ columns, links, copyright }) => ({ columns: columns ?? links ?? [], copyright }));

export const announcementBarSchema = z.strictObject({
  /** A new id shows the bar again to readers who closed the previous one. */
  id: z.string(),
  /** Inline HTML written by the site's maintainers. */
  content: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  /** Default true. */
  isCloseable: z.boolean().default(true),
});
