/**
 * A news feed server on 127.0.0.1 for the custom source tests: each path serves a document the test sets
 * and changes (RSS 2.0, Atom or JSON Feed, built by the helpers below, or any text), with an ETag and a
 * Last-Modified of its own, answering 304 Not Modified to a request whose If-None-Match or
 * If-Modified-Since says the reader already has it. Every request is recorded with its headers. A path can
 * instead answer an error status, a redirect, an endless (huge) body, or nothing for a while (slow).
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FeedItem {
  id: string;
  title: string;
  /** HTML or text, written into the document as the format carries it (escaped, CDATA for RSS). */
  html: string;
  link?: string;
  published?: Date;
  author?: string;
}

export type Route =
  | { kind: 'document'; body: string; contentType: string; etag: string; lastModified: string; served: number }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'redirect'; location: string; status?: number }
  | { kind: 'huge'; bytes: number; declareLength: boolean }
  | { kind: 'slow'; ms: number; body: string; contentType: string };

export interface FeedRequest {
  path: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  /** What was answered. */
  status: number;
}

export interface FeedServer {
  url: string;
  port: number;
  requests: FeedRequest[];
  /** Serves a document at the path; a new body gets a new ETag and Last-Modified (one second later than the last). */
  document(path: string, body: string, contentType?: string): void;
  respond(path: string, route: Route): void;
  /** Requests to a path (after the `since`th request overall). */
  requestsTo(path: string, since?: number): FeedRequest[];
  close(): Promise<void>;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

export function rssFeed(title: string, items: FeedItem[]): string {
  const entries = items
    .map(
      (i) => `    <item>
      <title>${xml(i.title)}</title>
      ${i.link ? `<link>${xml(i.link)}</link>` : ''}
      <guid isPermaLink="false">${xml(i.id)}</guid>
      ${i.published ? `<pubDate>${i.published.toUTCString()}</pubDate>` : ''}
      ${i.author ? `<dc:creator>${xml(i.author)}</dc:creator>` : ''}
      <description>${cdata(i.html)}</description>
    </item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${xml(title)}</title>
    <link>https://news.example.com/</link>
    <description>Test feed</description>
${entries}
  </channel>
</rss>`;
}

export function atomFeed(title: string, items: FeedItem[]): string {
  const entries = items
    .map(
      (i) => `  <entry>
    <title type="html">${xml(i.title)}</title>
    <id>${xml(i.id)}</id>
    ${i.link ? `<link rel="alternate" href="${xml(i.link)}"/>` : ''}
    <updated>${(i.published ?? new Date('2026-01-01T00:00:00Z')).toISOString()}</updated>
    ${i.published ? `<published>${i.published.toISOString()}</published>` : ''}
    ${i.author ? `<author><name>${xml(i.author)}</name></author>` : ''}
    <content type="html">${xml(i.html)}</content>
  </entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${xml(title)}</title>
  <id>urn:test:${xml(title)}</id>
  <updated>2026-01-01T00:00:00Z</updated>
${entries}
</feed>`;
}

export function jsonFeed(title: string, items: FeedItem[]): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title,
    items: items.map((i) => ({
      id: i.id,
      ...(i.link ? { url: i.link } : {}),
      title: i.title,
      content_html: i.html,
      ...(i.published ? { date_published: i.published.toISOString() } : {}),
      ...(i.author ? { authors: [{ name: i.author }] } : {}),
    })),
  });
}

export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, Route>();
  const requests: FeedRequest[] = [];
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const sockets = new Set<import('node:net').Socket>();

  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const route = routes.get(path);
    const record = (status: number) => requests.push({ path, method: req.method ?? '', headers: req.headers, status });
    if (!route) {
      record(404);
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    }
    switch (route.kind) {
      case 'document': {
        const tag = req.headers['if-none-match'];
        const since = req.headers['if-modified-since'];
        const fresh = tag ? tag === route.etag : since ? Date.parse(since) >= Date.parse(route.lastModified) : false;
        if (fresh) {
          record(304);
          res.writeHead(304, { etag: route.etag, 'last-modified': route.lastModified });
          return res.end();
        }
        route.served += 1;
        record(200);
        res.writeHead(200, { 'content-type': route.contentType, etag: route.etag, 'last-modified': route.lastModified });
        return res.end(route.body);
      }
      case 'status':
        record(route.status);
        res.writeHead(route.status, { 'content-type': 'text/plain' });
        return res.end(route.body ?? '');
      case 'redirect':
        record(route.status ?? 302);
        res.writeHead(route.status ?? 302, { location: route.location });
        return res.end();
      case 'huge': {
        record(200);
        res.writeHead(200, { 'content-type': 'application/rss+xml', ...(route.declareLength ? { 'content-length': String(route.bytes) } : {}) });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        // Written as the reader takes it; the reader hangs up once it has read enough.
        while (sent < route.bytes && !res.destroyed) {
          const ok = res.write(chunk);
          sent += chunk.length;
          if (!ok) await Promise.race([once(res, 'drain'), once(res, 'close')]);
        }
        return res.end();
      }
      case 'slow': {
        record(200);
        const timer = setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(200, { 'content-type': route.contentType });
          res.end(route.body);
        }, route.ms);
        res.on('close', () => clearTimeout(timer));
        return;
      }
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    document(path, body, contentType = 'application/rss+xml; charset=utf-8') {
      const known = routes.get(path);
      if (known?.kind === 'document' && known.body === body && known.contentType === contentType) return;
      clock += 1000;
      routes.set(path, {
        kind: 'document',
        body,
        contentType,
        etag: `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`,
        lastModified: new Date(clock).toUTCString(),
        served: 0,
      });
    },
    respond(path, route) {
      routes.set(path, route);
    },
    requestsTo(path, since = 0) {
      return requests.slice(since).filter((r) => r.path === path);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
