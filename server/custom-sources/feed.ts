/**
 * Reading one custom source's feed (docs/custom-sources.md, "Reading a feed"): one conditional GET through
 * safeFetch (server/outbound: http and https only; loopback, private, link-local, unique-local and metadata
 * addresses refused after DNS and after every redirect; OUTBOUND_ALLOW lets an operator, and the tests,
 * reach what the rule refuses), within a size and a time limit, parsed with feedsmith (RSS 0.9x/2.0, Atom,
 * RDF, JSON Feed), each item turned into a plain-text article for ingestArticles(). Nothing of an item's
 * HTML survives: titles, descriptions and content go through sanitize-html with no tag allowed, and the
 * few entities it writes back are decoded, so the store holds text that is never rendered as markup.
 *
 * A failure is a FeedError whose message is what the source's last_error shows: "network: ...",
 * "refused_address: ...", "timeout: ...", "too_large: ...", "http 500", "parse: not a feed".
 */
import { parseFeed } from 'feedsmith';
import sanitizeHtml from 'sanitize-html';
import type { ArticleInput } from '../media-corpus/ingest';
import type { OutboundAllowList } from '../outbound/address';
import { OutboundError, safeFetch, type SafeFetchOptions } from '../outbound/fetch';

/** The most of a feed read (5 MB): a larger answer fails with too_large rather than being cut mid-item. */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
/** One read, redirects included. */
export const FEED_TIMEOUT_MS = 20_000;
/** Redirects a feed may go through; each hop is checked like the source's own address. */
const FEED_REDIRECTS = 3;
/** Items taken from one read: feeds carry tens; a document with more is cut to its first (newest, by convention) items. */
export const FEED_MAX_ITEMS = 500;
/** The longest title and body stored; the rest of an overlong item is dropped. */
const TITLE_MAX = 1000;
const BODY_MAX = 100_000;
const GUID_MAX = 1000;

export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedError';
  }
}

export interface FeedValidators {
  etag: string | null;
  last_modified: string | null;
}

export type FeedRead = { kind: 'not_modified' } | ({ kind: 'read'; items: ArticleInput[]; format: string } & FeedValidators);

export interface ReadFeedOptions {
  allow: OutboundAllowList;
  /** The validators of the last successful read. */
  validators?: FeedValidators;
  timeoutMs?: number;
  maxBytes?: number;
  /** Tests resolve host names their own way (server/outbound's lookup hook). */
  fetchOptions?: Partial<SafeFetchOptions>;
}

/** Tags whose end (or a line break) separates words: without a space "<p>one</p><p>two</p>" would read "onetwo". */
const BLOCK_TAG = /<\/?(?:p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|tr|td|th|table|thead|tbody|blockquote|pre|section|article|header|footer|aside|figure|figcaption|nav|main)\b/gi;

/** The text of a piece of HTML (or of plain text, unchanged but for its entities), whitespace collapsed. */
export function plainText(html: string | null | undefined, max = BODY_MAX): string {
  let text = String(html ?? '');
  // An item whose HTML was escaped twice reads as tags after one pass: a second (and third) pass removes those too.
  for (let pass = 0; pass < 3; pass++) {
    const cleaned = sanitizeHtml(text.replace(BLOCK_TAG, ' $&'), { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template', 'svg', 'math'] });
    // sanitize-html writes &, < and > back as entities (and decodes every other): the stored text is plain.
    text = cleaned.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    if (!/<\/?[a-z!][^>]*>/i.test(text)) break;
  }
  // What still looks like a tag after three passes is dropped rather than stored.
  text = text.replace(/<\/?[a-z!][^>]*>/gi, ' ');
  // No control characters (NUL cannot be stored at all), no half surrogate at a cut.
  text = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, ' ').replace(/\s+/g, ' ').trim();
  if (text.length > max) text = text.slice(0, max).replace(/[\uD800-\uDBFF]$/, '');
  return text;
}

/** The character set of an answer: the Content-Type's, else an XML declaration's, else UTF-8 (or what a BOM says). */
function decodeBody(body: Buffer, contentType: string | undefined): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const head = body.subarray(0, 200).toString('latin1');
  const fromDeclaration = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  for (const label of [fromHeader, fromDeclaration, 'utf-8']) {
    if (!label) continue;
    try {
      // A BOM wins over a label, as browsers do; TextDecoder drops it.
      return new TextDecoder(label.toLowerCase()).decode(body);
    } catch {
      // An unknown label: try the next.
    }
  }
  return body.toString('utf8');
}

type Loose = Record<string, any>;

/** A string from a feed field that may be a string, a number, an object with value/text/name, or a list of those. */
function str(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    for (const v of value) {
      const s = str(v);
      if (s) return s;
    }
    return null;
  }
  if (typeof value === 'object') {
    const o = value as Loose;
    return str(o.value ?? o.text ?? o.name ?? o.href ?? null);
  }
  return null;
}

const firstText = (...values: unknown[]) => {
  for (const v of values) {
    const s = str(v);
    if (s && s.trim()) return s;
  }
  return null;
};

/** A date a feed gives (RFC 822, ISO 8601), or null when there is none or it cannot be read or lies ahead by more than a day. */
function dateOf(value: unknown): Date | null {
  const s = str(value);
  if (!s) return null;
  const d = new Date(s.trim());
  if (Number.isNaN(d.getTime())) return null;
  if (d.getTime() > Date.now() + 86_400_000 || d.getUTCFullYear() < 1900) return null;
  return d;
}

/** An absolute http(s) URL as the feed gives it, or null. */
function linkOf(value: unknown, base: string): string | null {
  const s = str(value)?.trim();
  if (!s) return null;
  try {
    const url = new URL(s, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href.slice(0, GUID_MAX) : null;
  } catch {
    return null;
  }
}

/** The first author's name (or e-mail) an item or entry names. */
function authorOf(item: Loose): string | null {
  const authors = [...(Array.isArray(item.authors) ? item.authors : []), item.author].filter(Boolean);
  for (const a of authors) {
    const name = typeof a === 'string' ? a : firstText(a.name, a.email);
    if (name) return name;
  }
  return firstText(item.dc?.creators, item.dc?.creator);
}

/** The alternate link of an Atom entry (the one without rel or with rel="alternate"), else its first. */
function atomLink(entry: Loose): unknown {
  const links: Loose[] = Array.isArray(entry.links) ? entry.links : [];
  return (links.find((l) => !l.rel || l.rel === 'alternate') ?? links[0])?.href;
}

interface RawItem {
  guid: string | null;
  link: unknown;
  title: unknown;
  body: unknown[];
  published: unknown[];
  author: string | null;
}

function rawItems(format: string, feed: Loose): RawItem[] {
  switch (format) {
    case 'atom':
      return (Array.isArray(feed.entries) ? feed.entries : []).map((e: Loose) => ({
        guid: str(e.id),
        link: atomLink(e),
        title: e.title,
        body: [e.content, e.summary],
        published: [e.published, e.updated, e.dc?.date, e.dc?.dates],
        author: authorOf(e),
      }));
    case 'json':
      return (Array.isArray(feed.items) ? feed.items : []).map((i: Loose) => ({
        guid: str(i.id),
        link: i.url ?? i.external_url,
        title: i.title,
        body: [i.content_html, i.content_text, i.summary],
        published: [i.date_published, i.date_modified],
        author: authorOf(i),
      }));
    default:
      // RSS (0.9x, 2.0) and RDF share their item fields.
      return (Array.isArray(feed.items) ? feed.items : []).map((i: Loose) => ({
        guid: str(i.guid),
        link: i.link,
        title: i.title,
        body: [i.content?.encoded, i.description, i.dc?.description],
        published: [i.pubDate, i.dc?.date, i.dc?.dates, i.dcterms?.created, i.dcterms?.issued],
        author: authorOf(i),
      }));
  }
}

/**
 * The articles of a feed document: plain title and body, the item's guid (its id/guid, else its link, else
 * a hash-free fallback of its title) to dedupe on, its link, date and author. Items with neither a title
 * nor a body are skipped; so are items without anything to tell them apart by.
 */
export function feedArticles(document: string, baseUrl: string, publisher: string | null): { format: string; items: ArticleInput[] } {
  let parsed: { format: string; feed: unknown };
  try {
    parsed = parseFeed(document) as { format: string; feed: unknown };
  } catch {
    throw new FeedError('parse: not a feed');
  }
  const items: ArticleInput[] = [];
  const seen = new Set<string>();
  for (const raw of rawItems(parsed.format, (parsed.feed ?? {}) as Loose).slice(0, FEED_MAX_ITEMS)) {
    const title = plainText(str(raw.title), TITLE_MAX);
    const body = plainText(firstText(...raw.body));
    if (!title && !body) continue;
    const url = linkOf(raw.link, baseUrl);
    const guid = (raw.guid?.trim() || url || (title ? `title:${title}` : '')).slice(0, GUID_MAX);
    if (!guid || seen.has(guid)) continue;
    seen.add(guid);
    items.push({
      guid,
      url,
      title: title || body.slice(0, 120),
      body,
      author: raw.author ? plainText(raw.author, 200) || null : null,
      published_at: raw.published.map(dateOf).find((d) => d !== null) ?? null,
      publisher,
    });
  }
  return { format: parsed.format, items };
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * Reads a feed: a conditional GET with the last read's validators. A 304 answers not_modified (nothing to
 * read); a 2xx is parsed; anything else, and every refusal of the outbound rule, is a FeedError.
 */
export async function readFeed(url: string, publisher: string | null, options: ReadFeedOptions): Promise<FeedRead> {
  const headers: Record<string, string> = {
    'user-agent': 'OpenAML-Feeds/1.0',
    accept: 'application/rss+xml, application/atom+xml, application/feed+json, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5',
  };
  if (options.validators?.etag) headers['if-none-match'] = options.validators.etag;
  if (options.validators?.last_modified) headers['if-modified-since'] = options.validators.last_modified;
  let answer;
  try {
    answer = await safeFetch(url, {
      method: 'GET',
      headers,
      timeoutMs: options.timeoutMs ?? FEED_TIMEOUT_MS,
      maxBytes: options.maxBytes ?? FEED_MAX_BYTES,
      overflow: 'error',
      maxRedirects: FEED_REDIRECTS,
      allow: options.allow,
      ...options.fetchOptions,
    });
  } catch (error) {
    if (error instanceof OutboundError) throw new FeedError(error.toString());
    throw new FeedError(`network: ${(error as Error).message}`);
  }
  if (answer.status === 304) return { kind: 'not_modified' };
  if (answer.status < 200 || answer.status > 299) throw new FeedError(`http ${answer.status}`);
  const document = decodeBody(answer.body, header(answer.headers['content-type']) ?? undefined);
  const { format, items } = feedArticles(document, answer.url, publisher);
  return {
    kind: 'read',
    format,
    items,
    etag: header(answer.headers.etag)?.slice(0, 500) ?? null,
    last_modified: header(answer.headers['last-modified'])?.slice(0, 200) ?? null,
  };
}
