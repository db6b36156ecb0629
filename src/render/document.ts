import { localeHref } from '../../templates/format';
import type { RouteProps } from '../../templates/types';
import type { SiteConfig } from '../config/schema';
import { escapeHtml, jsonForScript } from './escape';
import type { HydrationData } from './hydration-data';

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
  hasBlog: boolean;
}

const ogLocales: Record<string, string> = { it: 'it_IT', en: 'en_US', fr: 'fr_FR', ko: 'ko_KR', 'zh-cn': 'zh_CN' };

/** The full HTML document of a route: head tags (title, description, canonical, hreflang, Open Graph) and the rendered app. */
/**
 * Shown on the home page when it is served from another path than the configured base URL (the app, whose
 * assets live under the base URL, then cannot load). Hydration removes it.
 */
export function baseUrlBannerScript(baseUrl: string): string {
  return [
    `(function(){var b=${JSON.stringify(baseUrl)},p=location.pathname;if(p===b||p+'/'===b||p.indexOf(b)===0)return;`,
    "var s=p.replace(/[^/]*$/,'');var d=document.createElement('div');d.id='__docs-it-base-url-issue-banner';d.setAttribute('role','alert');",
    "d.style.cssText='border:3px solid #c00;background:#fee;color:#000;padding:1rem;margin:1rem;font:16px/1.5 system-ui,sans-serif';",
    "var h=document.createElement('p');h.style.fontWeight='700';h.textContent='Your Docusaurus site did not load properly.';",
    "var t=document.createElement('p');t.textContent='Il sito è configurato per l\\u0027URL di base '+b+' ma questa pagina è servita da '+p+'. Controlla baseUrl in site.config.ts: prova con baseUrl = '+s+' oppure pubblica il sito sotto '+b+'.';",
    'd.appendChild(h);d.appendChild(t);document.body.insertBefore(d,document.body.firstChild)})();',
  ].join('');
}

export function renderDocument({
  site,
  props,
  bodyHtml,
  data,
  assets,
  noIndex,
  image,
  hasBlog,
}: DocumentInput): string {
  const current = site.i18n.locales.find((l) => l.code === site.i18n.currentLocale)!;
  const title = props.kind === 'home' ? `${props.title} | ${site.title}` : `${props.title} | ${site.title}`;
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
    `<meta property="og:locale" content="${ogLocales[current.code] ?? current.htmlLang}">`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
  ];
  if (image)
    head.push(`<meta property="og:image" content="${a(/^https?:/.test(image) ? image : `${site.url}${image}`)}">`);
  if (props.kind === 'blog-post') head.push(`<meta property="article:published_time" content="${a(props.post.date)}">`);
  if (noIndex) {
    head.push('<meta name="robots" content="noindex">');
  } else {
    head.push(`<meta property="og:url" content="${a(url)}">`, `<link rel="canonical" href="${a(url)}">`);
    for (const locale of site.i18n.locales) {
      head.push(
        `<link rel="alternate" hreflang="${a(locale.htmlLang)}" href="${a(site.url + localeHref(props.path, site.baseUrl, locale.code, site.i18n.defaultLocale))}">`,
      );
    }
    head.push(
      `<link rel="alternate" hreflang="x-default" href="${a(site.url + localeHref(props.path, site.baseUrl, site.i18n.defaultLocale, site.i18n.defaultLocale))}">`,
    );
  }
  head.push(
    `<link rel="icon" href="${a(site.baseUrl + site.favicon)}" type="image/svg+xml">`,
    `<link rel="manifest" href="${a(site.baseUrl)}manifest.webmanifest">`,
    `<link rel="apple-touch-icon" href="${a(site.baseUrl)}img/icons/apple-touch-icon.png">`,
  );
  if (hasBlog) {
    head.push(
      `<link rel="alternate" type="application/rss+xml" href="${site.baseUrl}blog/rss.xml" title="${a(site.title)} – Blog (RSS)">`,
      `<link rel="alternate" type="application/atom+xml" href="${site.baseUrl}blog/atom.xml" title="${a(site.title)} – Blog (Atom)">`,
    );
  }
  head.push(`<script>${assets.colorModeScript}</script>`);
  for (const css of assets.css) head.push(`<link rel="stylesheet" href="${a(css)}">`);
  for (const js of assets.js) head.push(`<script type="module" src="${a(js)}"></script>`);
  const tail: string[] = [];
  if (props.kind === 'home') tail.push(`<script>${baseUrlBannerScript(site.baseUrl)}</script>`);
  if (data) tail.push(`<script id="__docs-data" type="application/json">${jsonForScript(data)}</script>`);
  return `<!doctype html>\n<html lang="${a(current.htmlLang)}" dir="${current.direction}" data-theme="${site.colorMode.defaultMode}">\n<head>\n${head.join('\n')}\n</head>\n<body>\n<div id="__docs">${bodyHtml}</div>\n${tail.join('\n')}\n</body>\n</html>\n`;
}
