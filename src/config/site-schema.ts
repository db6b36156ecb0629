import * as z from 'zod';
import { defaultKeptFiles } from '../shared/kept-files';
import { synonymPattern } from '../shared/search/text-terms';
import { brokenLinkPolicySchema } from './broken-links-schema';
import { cspSchema } from './csp-schema';
import { defaultSiteUrl } from './default-site-url';
import { blogSchema, docsSchema } from './docs-schema';
import { completeI18n } from './locales';
import { announcementBarSchema, footerSchema, type NavbarItemConfig, navbarSchema } from './navigation-schema';
import { searchHostExpected, searchHostOrigin } from './search-host';

const stylesheetHref = z
  .string()
  .regex(
    /^(https:\/\/[^/\s]+\/|\/)\S*$/,
    'expected an https:// URL or a path from the site root, such as "/css/x.css"',
  );

const localeCode = z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/, 'expected a locale code such as "fr" or "zh-cn"');

/** What a locale may say about itself: everything but its code has a default (see `completeI18n`). */
const localeFieldsSchema = z.strictObject({
  /** Its name in the locale switcher (default: the language's own name, `Italiano`). */
  label: z.string().optional(),
  /** Default `ltr`. */
  direction: z.enum(['ltr', 'rtl']).optional(),
  /** Default: the code, `zh-cn` as `zh-CN`. */
  htmlLang: z.string().optional(),
  /** Default `gregory`. */
  calendar: z.string().optional(),
  /** Folder name of the locale's translations (default: the code). */
  path: z.string().optional(),
});

const localeSchema = localeFieldsSchema.extend({
  /** Locale code as used in URLs, e.g. `zh-cn`. */
  code: localeCode,
});

/**
 * A locale, or its code alone (Docusaurus's way). Not a union: a mistake inside a locale object is then reported
 * at its key (`i18n.locales[2].path`) rather than as a value that matches no allowed form.
 */
const localeEntrySchema = z.preprocess(
  (entry) => (typeof entry === 'string' ? { code: entry } : entry),
  localeSchema,
) as unknown as z.ZodType<z.output<typeof localeSchema>, string | z.input<typeof localeSchema>>;

const i18nSchema = z
  .strictObject({
    /** The locale served at the site root; the others get a path segment (default `en`). */
    defaultLocale: localeCode.default('en'),
    /** The locale this site is in (default: `defaultLocale`). */
    currentLocale: z.string().optional(),
    /**
     * The locales (default: `defaultLocale` alone): objects, or codes as in Docusaurus, whose other fields come
     * from `localeConfigs`.
     */
    locales: z.array(localeEntrySchema).min(1).optional(),
    /** As in Docusaurus: the fields of the locales listed by code. */
    localeConfigs: z.record(z.string(), localeFieldsSchema).default({}),
  })
  .transform(completeI18n);

/**
 * The origin of a site whose config names none: a real address that leads nowhere outside the machine (never
 * someone else's domain, as `example.com` would be), right for `docs-it serve`; `build` warns while it is used.
 */

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
   * Words that stand for one another in a search (default none): each entry is a list of words, or of phrases of
   * words separated by spaces, every one of which also finds the others (`['vassoio', 'tray']`,
   * `['os', 'sistema operativo']`; a phrase finds and is found as its words together, as Meilisearch's
   * multi-word synonyms). The local index and Meilisearch use the same table.
   */
  synonyms: z
    .array(
      z
        .array(
          z.string().regex(synonymPattern, 'expected a word, or words separated by single spaces (no punctuation)'),
        )
        .min(2),
    )
    .default([]),
});

const iconSchema = z.strictObject({
  /** Path under `content/static`. */
  src: z.string(),
  sizes: z.string(),
  purpose: z.string().optional(),
});

/** The service worker's precache budget when the config does not set one (see `pwa.precache`). */
export const defaultPrecacheBudget = { maxBytes: 20 * 1024 * 1024, maxFiles: 1000 };
/** How many files the service worker keeps as readers open them, when the config does not say (see `pwa.keep`). */
export const defaultKeep = { maxFiles: defaultKeptFiles };

const pwaSchema = z.strictObject({
  /** When the service worker precaches the site (default: installed app, standalone window, save-data). */
  offlineModeActivationStrategies: z
    .array(z.enum(['appInstalled', 'standalone', 'saveData', 'always', 'mobile', 'queryString']))
    .default(['appInstalled', 'standalone', 'saveData']),
  /** Log what the service worker does (default false). */
  debug: z.boolean().default(false),
  /**
   * What the service worker precaches at most in offline mode, filled in order (the app shell, the client bundle,
   * the search files a first search loads, the pages in sidebar order, then the rest): the precache list in
   * `sw.js`, and what a reader's browser downloads at install, stay this size whatever the site's size. What is
   * left out is kept when a reader first opens it (README, "Offline mode").
   */
  precache: z
    .strictObject({
      /** Bytes precached at most (default 20 MiB). */
      maxBytes: z.number().int().positive().default(defaultPrecacheBudget.maxBytes),
      /** Files precached at most, which bounds the size of `sw.js` (default 1,000). */
      maxFiles: z.number().int().positive().default(defaultPrecacheBudget.maxFiles),
    })
    .default(defaultPrecacheBudget),
  /**
   * What the service worker keeps at most, in offline mode, of the files the precache left out as a reader opens
   * them: past it, the files used longest ago are let go, so a reader's storage stays bounded whatever they read.
   */
  keep: z
    .strictObject({
      /** Files kept at most (default 1,000). */
      maxFiles: z.number().int().positive().default(defaultKeep.maxFiles),
    })
    .default(defaultKeep),
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
    /** Shown under the title on the home page and the pages' default description (default none). */
    tagline: z.string().default(''),
    /**
     * Absolute origin of the published site, without a trailing slash (default `http://localhost`, which
     * `build` warns about: the sitemap, the feeds and the canonical links need the real one).
     */
    url: z
      .string()
      .regex(/^https?:\/\/[^/]+$/, 'expected an origin such as "https://example.org" (no path, no trailing slash)')
      .refine(isOrigin, 'expected an origin such as "https://example.org" (no spaces, a valid host name)')
      .default(defaultSiteUrl),
    /** Path the site is served under; must start and end with `/` (default `/`). */
    baseUrl: z
      .string()
      .regex(/^\/([a-z0-9-]+\/)*$/, 'expected a path that starts and ends with "/", such as "/docs/"')
      .default('/'),
    /** Path under `content/static`; the file must exist (default `img/favicon.svg` when it exists, else none). */
    favicon: z.string().optional(),
    /** Docusaurus's `customFields`: values the site's components read from `useDocusaurusContext().siteConfig`. */
    customFields: z.record(z.string(), z.unknown()).optional(),
    /** Default: one locale, `en`. */
    i18n: i18nSchema.prefault({}),
    docs: docsSchema.prefault({}),
    /** Written only when `content/blog` has posts. */
    blog: blogSchema.prefault({}),
    /** Default: the title, and a link to each sidebar and to the blog (see `completeNavbar`). */
    navbar: navbarSchema.optional(),
    /** Default none. */
    footer: footerSchema.optional(),
    announcementBar: announcementBarSchema.optional(),
    /** A notice shown on every page above the navbar, e.g. how current a translation is (default none). */
    translationNotice: z.string().optional(),
    /**
     * The site's components module (e.g. `src/components/index.tsx`, relative to the site folder): its
     * capitalised exports are components every MDX page can use, also as `@theme/Name` (see WRITING.md).
     */
    components: z.string().optional(),
    /**
     * The site's interface strings, by translation id (`'theme.docs.paginator.next': 'Suite'`), over the theme's
     * catalogue of the site's language and over `i18n/<currentLocale>/code.json` (see WRITING.md).
     */
    themeText: z.record(z.string(), z.string()).default({}),
    /**
     * The site's stylesheets (`['./src/css/custom.css']`, relative to the site folder), loaded after the theme's
     * in this order: they may set the theme's design tokens (Infima's `--ifm-*` names) and add rules.
     */
    customCss: z.array(z.string().min(1)).default([]),
    /**
     * As in Docusaurus: stylesheets loaded from elsewhere (a CDN) by a `<link>` on every page, before the theme's,
     * each an `https://` URL or a path from the site's root, or `{ href, integrity, crossorigin }`. The
     * Content-Security-Policy allows their origins.
     */
    stylesheets: z
      .array(
        z.union([
          stylesheetHref,
          z.strictObject({
            href: stylesheetHref,
            integrity: z.string().optional(),
            crossorigin: z.enum(['anonymous', 'use-credentials']).optional(),
          }),
        ]),
      )
      .default([])
      .transform((list) => list.map((entry) => (typeof entry === 'string' ? { href: entry } : entry))),
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
    /** How MDX pages are read, as Docusaurus's `markdown` option. */
    markdown: z
      .strictObject({
        mdx1Compat: z
          .strictObject({
            /**
             * A component a page neither imports nor is given renders as an empty div with a warning, as in
             * Docusaurus 2's MDX 1 (default false: an error at its line, as in Docusaurus 3).
             */
            undefinedComponents: z.boolean().default(false),
          })
          .prefault({}),
      })
      .prefault({}),
    /** How the pages follow an upstream (original-language) repository: see `docs-it translations`. */
    translations: translationsSchema.optional(),
    /** Default: dark, following the reader's system, with the switch. */
    colorMode: colorModeSchema.optional(),
    /**
     * As in Docusaurus: `navbar`, `footer`, `colorMode` and `announcementBar` may sit here instead of at the top
     * (not in both places).
     */
    themeConfig: z
      .strictObject({
        navbar: navbarSchema.optional(),
        footer: footerSchema.optional(),
        colorMode: colorModeSchema.optional(),
        announcementBar: announcementBarSchema.optional(),
      })
      .optional(),
    search: searchSchema.default({ indexUid: 'docs', clientAgents: [], searchParams: {}, synonyms: [] }),
    pwa: pwaSchema.default({
      offlineModeActivationStrategies: ['appInstalled', 'standalone', 'saveData'],
      debug: false,
      precache: defaultPrecacheBudget,
      keep: defaultKeep,
      themeColor: '#ffffff',
      backgroundColor: '#ffffff',
      icons: [],
    }),
  })
  .superRefine((config, ctx) => {
    for (const key of ['navbar', 'footer', 'colorMode', 'announcementBar'] as const) {
      if (config[key] !== undefined && config.themeConfig?.[key] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['themeConfig', key],
          message: `${key} is given twice, at the top and under themeConfig: keep one`,
        });
      }
    }
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
/** The config as the schema checked it, before the defaults that depend on the site's folder. */
export type ParsedConfig = z.output<typeof siteSchema>;
/** The navbar with its defaults (`completeNavbar`). */
export type NavbarConfig = Omit<NonNullable<ParsedConfig['navbar']>, 'title' | 'items'> & {
  title: string;
  items: NavbarItemConfig[];
};
/** The config with every default applied, `themeConfig`'s keys moved to the top (`completeConfig`). */
export type SiteConfig = Omit<ParsedConfig, 'navbar' | 'footer' | 'colorMode' | 'themeConfig'> & {
  navbar: NavbarConfig;
  footer: z.output<typeof footerSchema>;
  colorMode: z.output<typeof colorModeSchema>;
};
export type Locale = SiteConfig['i18n']['locales'][number];
export type { SidebarItemInput } from './docs-schema';
