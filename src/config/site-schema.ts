import { z } from 'zod';
import { oneWordPattern } from '../shared/search/text-terms';
import { brokenLinkPolicySchema } from './broken-links-schema';
import { cspSchema } from './csp-schema';
import { blogSchema, docsSchema } from './docs-schema';
import { announcementBarSchema, footerSchema, navbarSchema } from './navigation-schema';
import { searchHostExpected, searchHostOrigin } from './search-host';

const localeSchema = z.strictObject({
  /** Locale code as used in URLs, e.g. `zh-cn`. */
  code: z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/, 'expected a locale code such as "fr" or "zh-cn"'),
  label: z.string(),
  /** Default `ltr`. */
  direction: z.enum(['ltr', 'rtl']).default('ltr'),
  htmlLang: z.string(),
  /** Default `gregory`. */
  calendar: z.string().default('gregory'),
  /** Folder name of the locale's translations. */
  path: z.string(),
});

const i18nSchema = z.strictObject({
  /** The locale served at the site root; the others get a path segment. */
  defaultLocale: z.string(),
  /** The locale this site is in. */
  currentLocale: z.string(),
  locales: z.array(localeSchema).min(1),
});

/** Whether the URL parser accepts an origin (the pattern above lets `https://exa mple.org` through). */
const isOrigin = (url: string) => URL.canParse(url);

const colorModeSchema = z.strictObject({
  /** Default `dark`. */
  defaultMode: z.enum(['light', 'dark']).default('dark'),
  /** Follow the system preference until the reader chooses (default true). */
  respectPrefersColorScheme: z.boolean().default(true),
  /** Hide the light/dark toggle (default false). */
  disableSwitch: z.boolean().default(false),
});

const searchSchema = z.strictObject({
  /** Meilisearch host; without it the embedded local index serves. */
  host: z
    .string()
    .refine((host) => searchHostOrigin(host) !== undefined, searchHostExpected)
    .optional(),
  /** Public search-only key (never an admin key). */
  apiKey: z.string().optional(),
  /** Meilisearch index (default `docs`). */
  indexUid: z.string().default('docs'),
  clientAgents: z.array(z.string()).default([]),
  searchParams: z.record(z.string(), z.unknown()).default({}),
  /**
   * Words that stand for one another in a search (default none): each entry is a list of single words, every
   * one of which also finds the others (`['vassoio', 'tray']`). The local index and Meilisearch use the same table.
   */
  synonyms: z
    .array(z.array(z.string().regex(oneWordPattern, 'expected one word (no spaces or punctuation)')).min(2))
    .default([]),
});

const iconSchema = z.strictObject({
  /** Path under `content/static`. */
  src: z.string(),
  sizes: z.string(),
  purpose: z.string().optional(),
});

const pwaSchema = z.strictObject({
  /** When the service worker precaches the site (default: installed app, standalone window, save-data). */
  offlineModeActivationStrategies: z
    .array(z.enum(['appInstalled', 'standalone', 'saveData', 'always', 'mobile', 'queryString']))
    .default(['appInstalled', 'standalone', 'saveData']),
  /** Log what the service worker does (default false). */
  debug: z.boolean().default(false),
  themeColor: z.string().default('#ffffff'),
  backgroundColor: z.string().default('#ffffff'),
  /** The installed app's name (default: the site title) and short name (default: the name). */
  name: z.string().optional(),
  shortName: z.string().optional(),
  /** The installed app's description (default: the tagline). */
  description: z.string().optional(),
  /** PNG icons of the installed app, under `content/static` (default none). */
  icons: z.array(iconSchema).default([]),
  /** Icon for iOS home screens, under `content/static` (default none). */
  appleTouchIcon: z.string().optional(),
});

/** An http(s) URL template with `{path}` in it, standing for an upstream file. */
const upstreamUrlSchema = (example: string) =>
  z
    .string()
    .regex(
      /^https?:\/\/.*\{path\}/,
      `expected an http(s) URL with {path} in it, such as "https://github.com/o/r/${example}/main/{path}"`,
    );

const translationsSchema = z.strictObject({
  /** The upstream revision the pages follow (default `HEAD` of the checkout); `origin/<ref>` when not local. */
  ref: z.string().default('HEAD'),
  /** Upstream folders whose pages should each have a translation here (default `docs`). */
  folders: z.array(z.string()).default(['docs']),
  /** Web page of an upstream file's history, `{path}` standing for the file (e.g. GitHub's `…/commits/main/{path}`). */
  historyUrl: upstreamUrlSchema('commits').optional(),
  /**
   * Where "edit this page" leads on a translated page (one whose front matter names its `upstream` file): the
   * upstream file's editor, `{path}` standing for it (e.g. `…/edit/main/{path}`). It takes the place of
   * `docs.editUrl` on those pages; without it they use `docs.editUrl` too.
   */
  editUrl: upstreamUrlSchema('edit').optional(),
  /** Route of the status page, under the base URL (default `stato-traduzioni`); written only with upstream data. */
  statusRoute: z
    .string()
    .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'expected a path such as "stato-traduzioni"')
    .default('stato-traduzioni'),
});

export const siteSchema = z
  .strictObject({
    title: z.string().min(1),
    tagline: z.string(),
    /** Absolute origin of the published site, without a trailing slash. */
    url: z
      .string()
      .regex(/^https?:\/\/[^/]+$/, 'expected an origin such as "https://example.org" (no path, no trailing slash)')
      .refine(isOrigin, 'expected an origin such as "https://example.org" (no spaces, a valid host name)'),
    /** Path the site is served under; must start and end with `/`. */
    baseUrl: z.string().regex(/^\/([a-z0-9-]+\/)*$/, 'expected a path that starts and ends with "/", such as "/docs/"'),
    /** Path under `content/static` (default `img/favicon.svg`); the file must exist. */
    favicon: z.string().default('img/favicon.svg'),
    i18n: i18nSchema,
    docs: docsSchema,
    blog: blogSchema,
    navbar: navbarSchema,
    footer: footerSchema,
    announcementBar: announcementBarSchema.optional(),
    /** A notice shown on every page above the navbar, e.g. how current a translation is (default none). */
    translationNotice: z.string().optional(),
    /**
     * The site's components module (e.g. `src/components/index.tsx`, relative to the site folder): its
     * capitalised exports are components every MDX page can use, also as `@theme/Name` (see WRITING.md).
     */
    components: z.string().optional(),
    /**
     * Worker threads that compile pages in `build` (default: one per processor but one, one per processor from
     * 5,000 pages, at most one per 100 pages; 1: none, nor one highlighting ahead). `--jobs` wins.
     */
    jobs: z.number().int().min(1).optional(),
    /** As in Docusaurus: a link to a route the site lacks is an error (`throw`, default), a warning, or ignored. */
    onBrokenLinks: brokenLinkPolicySchema,
    /** The same for a link to an id its page lacks (`#anchor`). */
    onBrokenAnchors: brokenLinkPolicySchema,
    /** The same for a link to a `.md`/`.mdx` file that is no page (a draft, a `_` file, a typo). */
    onBrokenMarkdownLinks: brokenLinkPolicySchema,
    /** Sources added to the pages' Content-Security-Policy, by directive (see `csp-schema.ts`; default none). */
    csp: cspSchema,
    /** How the pages follow an upstream (original-language) repository: see `docs-it translations`. */
    translations: translationsSchema.optional(),
    colorMode: colorModeSchema.default({ defaultMode: 'dark', respectPrefersColorScheme: true, disableSwitch: false }),
    search: searchSchema.default({ indexUid: 'docs', clientAgents: [], searchParams: {}, synonyms: [] }),
    pwa: pwaSchema.default({
      offlineModeActivationStrategies: ['appInstalled', 'standalone', 'saveData'],
      debug: false,
      themeColor: '#ffffff',
      backgroundColor: '#ffffff',
      icons: [],
    }),
  })
  .superRefine((config, ctx) => {
    const codes = config.i18n.locales.map((l) => l.code);
    for (const key of ['defaultLocale', 'currentLocale'] as const) {
      if (!codes.includes(config.i18n[key])) {
        ctx.addIssue({
          code: 'custom',
          path: ['i18n', key],
          message: `"${config.i18n[key]}" is not one of the locales (${codes.join(', ')})`,
        });
      }
    }
  });

/** What a site author writes in `site.config.ts`. */
export type UserConfig = z.input<typeof siteSchema>;
/** The config with every default applied. */
export type SiteConfig = z.output<typeof siteSchema>;
export type Locale = SiteConfig['i18n']['locales'][number];
export type { SidebarItemInput } from './docs-schema';

/** The locale the site is built in (the schema checks that `currentLocale` is one of the locales). */
export function currentLocaleOf(site: SiteConfig): Locale {
  return site.i18n.locales.find((l) => l.code === site.i18n.currentLocale)!;
}
