import { escapeHtml } from '../shared/escape-html';

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

const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const rfc822 = (date: string) => new Date(`${date}T00:00:00Z`).toUTCString();

/** RSS 2.0 feed of the blog. */
export function renderRss(feed: FeedInput): string {
  const items = feed.items
    .map(
      (item) =>
        `<item><title>${escapeHtml(item.title)}</title><link>${escapeHtml(item.url)}</link><guid>${escapeHtml(item.url)}</guid><pubDate>${rfc822(item.date)}</pubDate><description>${escapeHtml(item.description)}</description><content:encoded>${cdata(item.html)}</content:encoded></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">\n<channel><title>${escapeHtml(feed.title)}</title><link>${escapeHtml(feed.siteUrl)}</link><description>${escapeHtml(feed.description)}</description><language>${feed.language}</language><copyright>${escapeHtml(feed.copyright)}</copyright><atom:link href="${escapeHtml(feed.feedUrl)}" rel="self" type="application/rss+xml"/>\n${items}\n</channel>\n</rss>\n`;
}

/** Atom 1.0 feed of the blog. */
export function renderAtom(feed: FeedInput): string {
  const updated = feed.items[0] ? `${feed.items[0].date}T00:00:00Z` : '1970-01-01T00:00:00Z';
  const entries = feed.items
    .map(
      (item) =>
        `<entry><title type="html">${escapeHtml(item.title)}</title><id>${escapeHtml(item.url)}</id><link href="${escapeHtml(item.url)}"/><updated>${item.date}T00:00:00Z</updated><summary type="html">${escapeHtml(item.description)}</summary><content type="html">${escapeHtml(item.html)}</content>${item.authors.map((a) => `<author><name>${escapeHtml(a)}</name></author>`).join('')}</entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${feed.language}">\n<title>${escapeHtml(feed.title)}</title><subtitle>${escapeHtml(feed.description)}</subtitle><id>${escapeHtml(feed.siteUrl)}</id><link href="${escapeHtml(feed.siteUrl)}"/><link rel="self" href="${escapeHtml(feed.feedUrl)}"/><updated>${updated}</updated><rights>${escapeHtml(feed.copyright)}</rights>\n${entries}\n</feed>\n`;
}
