import { escapeHtml } from '../../shared/escape-html';
import { xmlChars, xmlText } from './xml-text';

export interface FeedItem {
  title: string;
  url: string;
  date: string;
  description: string;
  html: string;
  authors: string[];
}

export interface FeedInput {
  title: string;
  description: string;
  siteUrl: string;
  feedUrl: string;
  language: string;
  copyright: string;
  items: FeedItem[];
}

/**
 * Plain text where a feed reader expects HTML (RSS descriptions): escaped for HTML, then for XML, so the reader
 * decodes the XML and shows the text instead of running it as markup.
 */
const textAsHtml = (text: string) => xmlText(escapeHtml(text));

const cdata = (s: string) => `<![CDATA[${xmlChars(s).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const rfc822 = (date: string) => new Date(`${date}T00:00:00Z`).toUTCString();

/** RSS 2.0 feed of the blog. */
export function renderRss(feed: FeedInput): string {
  const e = xmlText;
  const items = feed.items
    .map((item) =>
      [
        `<item><title>${e(item.title)}</title><link>${e(item.url)}</link><guid>${e(item.url)}</guid>`,
        `<pubDate>${rfc822(item.date)}</pubDate><description>${textAsHtml(item.description)}</description>`,
        `<content:encoded>${cdata(item.html)}</content:encoded></item>`,
      ].join(''),
    )
    .join('\n');
  const namespaces =
    'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom"';
  const channel = [
    `<channel><title>${e(feed.title)}</title><link>${e(feed.siteUrl)}</link>`,
    `<description>${textAsHtml(feed.description)}</description><language>${e(feed.language)}</language>`,
    `<copyright>${e(feed.copyright)}</copyright>`,
    `<atom:link href="${e(feed.feedUrl)}" rel="self" type="application/rss+xml"/>`,
  ].join('');
  const rss = `<rss version="2.0" ${namespaces}>`;
  return `<?xml version="1.0" encoding="utf-8"?>\n${rss}\n${channel}\n${items}\n</channel>\n</rss>\n`;
}

/** Atom 1.0 feed of the blog. */
export function renderAtom(feed: FeedInput): string {
  const e = xmlText;
  const updated = feed.items[0] ? `${xmlText(feed.items[0].date)}T00:00:00Z` : '1970-01-01T00:00:00Z';
  const entries = feed.items
    .map((item) =>
      [
        // Titles and summaries are plain text: `type="text"`, so readers never parse them as HTML.
        `<entry><title type="text">${e(item.title)}</title><id>${e(item.url)}</id><link href="${e(item.url)}"/>`,
        `<updated>${e(item.date)}T00:00:00Z</updated><summary type="text">${e(item.description)}</summary>`,
        `<content type="html">${e(item.html)}</content>`,
        item.authors.map((a) => `<author><name>${e(a)}</name></author>`).join(''),
        '</entry>',
      ].join(''),
    )
    .join('\n');
  const head = [
    `<title>${e(feed.title)}</title><subtitle>${e(feed.description)}</subtitle><id>${e(feed.siteUrl)}</id>`,
    `<link href="${e(feed.siteUrl)}"/><link rel="self" href="${e(feed.feedUrl)}"/><updated>${updated}</updated>`,
    `<rights>${e(feed.copyright)}</rights>`,
  ].join('');
  const open = `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${e(feed.language)}">`;
  return `<?xml version="1.0" encoding="utf-8"?>\n${open}\n${head}\n${entries}\n</feed>\n`;
}
