import { localeHref } from '../../templates/format';
import { currentLocaleOf } from '../config/locales';
import type { SiteConfig } from '../config/site-schema';
import { escapeHtml } from '../shared/escape-html';
import { documentTitle } from '../shared/page-title';
import type { RouteProps } from '../shared/route-data';
import { feedFileOf, urlOfFile } from '../shared/urls';
import { type HydrationData, hydrationJson } from './hydration-data';
import { baseUrlBannerScript } from './inline-scripts';
import { hasSidebarGaps } from './sidebar-window';

export interface DocumentAssets {
  css: string[];
  js: string[];
  colorModeScript: string;
}

export interface DocumentInput {
  site: SiteConfig;
  props: RouteProps;
  bodyHtml: string;
  /** Props the browser hydrates with (inline JSON, not executed). */
  data?: HydrationData;
  assets: DocumentAssets;
  noIndex: boolean;
  image?: string;
  keywords?: string[];
  hasBlog: boolean;
}

/** A route's document around its app's markup (see `documentAround`). */
export interface DocumentAround {
  before: string;
  after: string;
}

/** `zh-CN` → `zh_CN`: Open Graph writes locales with an underscore. */
const ogLocaleOf = (htmlLang: string) => htmlLang.replace('-', '_');

/** The full HTML document of a route: head tags (title, description, canonical, hreflang, Open Graph) and the app. */
export function renderDocument({ bodyHtml, ...input }: DocumentInput): string {
  const { before, after } = documentAround(input);
  return before + bodyHtml + after;
}

/**
 * The document of a route around its app's markup: what comes `before` it (through the app's root element's start
 * tag) and `after` it. A page's bytes are written from these and the app's pieces, without joining them first.
 */
export function documentAround({
  site,
  props,
  data,
  assets,
  noIndex,
  image,
  keywords,
  hasBlog,
}: Omit<DocumentInput, 'bodyHtml'>): DocumentAround {
  const current = currentLocaleOf(site);
  const title = documentTitle(props.title, site.title);
  const description = props.description ?? site.tagline;
  const url = `${site.url}${props.path}`;
  const a = (v: string) => escapeHtml(v);
  const head: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${a(title)}</title>`,
    `<meta name="description" content="${a(description)}">`,
    `<meta name="theme-color" content="${a(site.pwa.themeColor)}">`,
    `<meta property="og:title" content="${a(title)}">`,
    `<meta property="og:description" content="${a(description)}">`,
    `<meta property="og:type" content="${props.kind === 'blog-post' ? 'article' : 'website'}">`,
    `<meta property="og:site_name" content="${a(site.title)}">`,
    `<meta property="og:locale" content="${a(ogLocaleOf(current.htmlLang))}">`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
  ];
  if (keywords?.length) head.push(`<meta name="keywords" content="${a(keywords.join(', '))}">`);
  if (image)
    head.push(`<meta property="og:image" content="${a(/^https?:/.test(image) ? image : `${site.url}${image}`)}">`);
  if (props.kind === 'blog-post') head.push(`<meta property="article:published_time" content="${a(props.post.date)}">`);
  if (noIndex) {
    head.push('<meta name="robots" content="noindex">');
  } else {
    head.push(`<meta property="og:url" content="${a(url)}">`, `<link rel="canonical" href="${a(url)}">`);
    const locales = { ...site.i18n, baseUrl: site.baseUrl };
    for (const locale of site.i18n.locales) {
      const href = site.url + localeHref(props.path, locales, locale);
      head.push(`<link rel="alternate" hreflang="${a(locale.htmlLang)}" href="${a(href)}">`);
    }
    const defaultLocale = site.i18n.locales.find((l) => l.code === site.i18n.defaultLocale)!;
    const fallback = site.url + localeHref(props.path, locales, defaultLocale);
    head.push(`<link rel="alternate" hreflang="x-default" href="${a(fallback)}">`);
  }
  if (site.favicon) {
    const faviconType = site.favicon.endsWith('.svg')
      ? 'image/svg+xml'
      : site.favicon.endsWith('.png')
        ? 'image/png'
        : '';
    head.push(
      `<link rel="icon" href="${a(site.baseUrl + site.favicon)}"${faviconType ? ` type="${faviconType}"` : ''}>`,
    );
  }
  head.push(`<link rel="manifest" href="${a(site.baseUrl)}manifest.webmanifest">`);
  if (site.pwa.appleTouchIcon)
    head.push(`<link rel="apple-touch-icon" href="${a(site.baseUrl + site.pwa.appleTouchIcon)}">`);
  if (hasBlog) {
    const title = a(`${site.title} – ${site.blog.title}`);
    for (const [format, label] of [
      ['rss', 'RSS'],
      ['atom', 'Atom'],
    ] as const) {
      const href = urlOfFile(feedFileOf(site.baseUrl, format));
      head.push(`<link rel="alternate" type="application/${format}+xml" href="${href}" title="${title} (${label})">`);
    }
  }
  head.push(`<script>${assets.colorModeScript}</script>`);
  // Without JavaScript nothing fills a large sidebar's gaps in: the page shows the path to it without them.
  if (hasSidebarGaps(data)) head.push('<noscript><style>.menu-gap{display:none}</style></noscript>');
  // The site's stylesheets from elsewhere, before the theme's, as Docusaurus orders them.
  for (const { href, integrity, crossorigin } of site.stylesheets) {
    const attrs =
      (integrity ? ` integrity="${a(integrity)}"` : '') + (crossorigin ? ` crossorigin="${crossorigin}"` : '');
    head.push(`<link rel="stylesheet" href="${a(href)}"${attrs}>`);
  }
  for (const css of assets.css) head.push(`<link rel="stylesheet" href="${a(css)}">`);
  for (const js of assets.js) head.push(`<script type="module" src="${a(js)}"></script>`);
  const tail: string[] = [];
  if (props.kind === 'home') tail.push(`<script>${baseUrlBannerScript(site)}</script>`);
  if (data) tail.push(`<script id="__docs-data" type="application/json">${hydrationJson(data)}</script>`);
  const theme = site.colorMode.defaultMode;
  const html = `<html lang="${a(current.htmlLang)}" dir="${current.direction}" data-theme="${theme}">`;
  return {
    before: `<!doctype html>\n${html}\n<head>\n${head.join('\n')}\n</head>\n<body>\n<div id="__docs">`,
    after: `</div>\n${tail.join('\n')}\n</body>\n</html>\n`,
  };
}
