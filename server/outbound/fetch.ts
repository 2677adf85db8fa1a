/**
 * safeFetch: one outbound HTTP request to an address a user typed (web hook deliveries now, custom sources'
 * feeds next), made so it cannot be turned against the server's own network (docs/webhooks.md, "Outbound
 * safety"):
 * - http and https only;
 * - the host name is resolved here, every address it resolves to is checked (address.ts), and the
 *   connection goes to the address that was checked: the socket's lookup is pinned to it, so a DNS
 *   answer that changes between the check and the connection (DNS rebinding) changes nothing;
 * - redirects are followed by hand, each hop checked again as a new request, up to maxRedirects;
 * - one deadline for the whole request, redirects included, and a cap on how much of the answer is read.
 * Failures are OutboundError with a code the caller can show (the delivery log writes `code: message`).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressProblem, allowedHost, EMPTY_ALLOW_LIST, isIpAddress, type OutboundAllowList } from './address';

export type OutboundErrorCode = 'refused_address' | 'invalid_url' | 'timeout' | 'too_large' | 'too_many_redirects' | 'network';

export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
  /** How the delivery log shows it. */
  toString() {
    return `${this.code}: ${this.message}`;
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole request, redirects included (default 15 s). */
  timeoutMs?: number;
  /** The most of the answer's body read (default 1 MB). */
  maxBytes?: number;
  /** What a longer answer does: 'truncate' keeps the first maxBytes (a log excerpt), 'error' fails with too_large (a feed). */
  overflow?: 'truncate' | 'error';
  /** Redirects followed (default 3); 0 answers the redirect itself. */
  maxRedirects?: number;
  /** Hosts, addresses and networks allowed although the rule refuses them (OUTBOUND_ALLOW). */
  allow?: OutboundAllowList;
  /** Resolves a host name to its addresses; tests replace it to make a name resolve anywhere. */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The answer was longer than maxBytes and only its start was read. */
  truncated: boolean;
  /** The URL that answered, after redirects. */
  url: string;
  durationMs: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const defaultLookup = async (hostname: string): Promise<ResolvedAddress[]> => {
  try {
    return await dnsLookup(hostname, { all: true, verbatim: true });
  } catch (error) {
    throw new OutboundError('network', `${hostname} could not be resolved (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
};

/** The URL if it is one we may request: absolute, http or https, with a host. */
export function outboundUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundError('invalid_url', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('invalid_url', `${url.protocol.replace(/:$/, '')} URLs are not allowed; use http or https`);
  if (!url.hostname) throw new OutboundError('invalid_url', 'the URL has no host');
  return url;
}

/**
 * The address to connect to for this URL's host, checked. The WHATWG URL parser has already turned the
 * decimal, octal and hexadecimal spellings of an IPv4 address (http://2130706433/, http://0177.0.0.1/,
 * http://0x7f.1/) into dotted form, so an IP literal is checked as the address it is. A host name's
 * addresses must all be allowed: a name that resolves to a public and a private address is refused,
 * since which one a connection would take is not ours to know.
 */
export async function checkedAddress(url: URL, allow: OutboundAllowList, lookup: (hostname: string) => Promise<ResolvedAddress[]>): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIpAddress(host)) {
    const problem = addressProblem(allow, host);
    if (problem) throw new OutboundError('refused_address', `${host} is ${problem}`);
    return { address: host, family: host.includes(':') ? 6 : 4 };
  }
  const addresses = await lookup(host);
  if (!addresses.length) throw new OutboundError('network', `${host} could not be resolved`);
  if (!allowedHost(allow, host)) {
    for (const a of addresses) {
      const problem = addressProblem(allow, a.address);
      if (problem) throw new OutboundError('refused_address', `${host} resolves to ${a.address}, ${problem}`);
    }
  }
  return addresses[0];
}

/** A lookup that answers the checked address, whatever it is asked: the socket connects where the check looked. */
const pinned =
  (target: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as any)(null, [{ address: target.address, family: target.family }]);
    else (callback as any)(null, target.address, target.family);
  };

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** One request to a checked address; a redirect is answered as it is, for safeFetch to follow. */
function requestOnce(hop: Hop, target: ResolvedAddress, maxBytes: number, overflow: 'truncate' | 'error', signal: AbortSignal): Promise<Omit<SafeResponse, 'url' | 'durationMs'>> {
  return new Promise((resolve, reject) => {
    const client = hop.url.protocol === 'https:' ? https : http;
    const host = hop.url.hostname.replace(/^\[|\]$/g, '');
    const req = client.request(
      {
        protocol: hop.url.protocol,
        hostname: host,
        port: hop.url.port || undefined,
        path: `${hop.url.pathname}${hop.url.search}`,
        method: hop.method,
        headers: hop.headers,
        lookup: pinned(target),
        // No shared agent: no pooled socket to another address is ever reused, and no proxy is consulted.
        agent: false,
        ...(hop.url.username ? { auth: `${decodeURIComponent(hop.url.username)}:${decodeURIComponent(hop.url.password)}` } : {}),
        ...(client === https && !isIpAddress(host) ? { servername: host } : {}),
        signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status) && res.headers.location) {
          res.resume();
          resolve({ status, headers: res.headers, body: Buffer.alloc(0), truncated: false });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (overflow === 'error' && Number.isFinite(declared) && declared > maxBytes) {
          res.destroy();
          reject(new OutboundError('too_large', `the answer is ${declared} bytes, more than the ${maxBytes} allowed`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let settled = false;
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          const room = maxBytes - size;
          if (chunk.length > room) {
            settled = true;
            if (room > 0) chunks.push(chunk.subarray(0, room));
            // The rest is never read: the connection is closed.
            res.destroy();
            if (overflow === 'error') reject(new OutboundError('too_large', `the answer is more than the ${maxBytes} bytes allowed`));
            else resolve({ status, headers: res.headers, body: Buffer.concat(chunks), truncated: true });
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          resolve({ status, headers: res.headers, body: Buffer.concat(chunks), truncated: false });
        });
        res.on('error', (error) => {
          if (settled) return;
          settled = true;
          reject(error);
        });
      },
    );
    req.on('error', reject);
    // Headers and body in one write: written apart, Nagle's algorithm and the peer's delayed ACK hold the body ~40 ms.
    req.end(hop.body);
  });
}

/** The next hop of a redirect: the Location resolved against the URL that answered, with fetch's method rules. */
function redirected(hop: Hop, status: number, location: string): Hop {
  let url: URL;
  try {
    url = new URL(location, hop.url);
  } catch {
    throw new OutboundError('invalid_url', `the redirect to ${location.slice(0, 200)} is not a valid URL`);
  }
  const headers = { ...hop.headers };
  // Credentials meant for one origin are not handed to another, as browsers do.
  if (url.origin !== hop.url.origin) for (const name of Object.keys(headers)) if (/^(authorization|cookie)$/i.test(name)) delete headers[name];
  // 303, and 301/302 after a POST, become a GET without a body (the Fetch standard's rule); 307/308 keep both.
  if (status === 303 || ((status === 301 || status === 302) && hop.method === 'POST')) {
    for (const name of Object.keys(headers)) if (/^content-(type|length)$/i.test(name)) delete headers[name];
    return { url, method: 'GET', headers };
  }
  return { url, method: hop.method, headers, body: hop.body };
}

export async function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 3;
  const allow = options.allow ?? EMPTY_ALLOW_LIST;
  const lookup = options.lookup ?? defaultLookup;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const body = options.body;
  const headers: Record<string, string> = { 'user-agent': 'OpenAML-Webhooks/1.0', ...(options.headers ?? {}) };
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) headers['content-length'] = String(Buffer.byteLength(body));
  let hop: Hop = { url: outboundUrl(input), method: (options.method ?? 'GET').toUpperCase(), headers, body };
  try {
    for (let redirects = 0; ; redirects++) {
      outboundUrl(hop.url.href);
      // The deadline covers the look-up too: a resolver that never answers must not hold the attempt.
      const target = await Promise.race([
        checkedAddress(hop.url, allow, lookup),
        new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new OutboundError('timeout', `no answer within ${timeoutMs} ms`)), { once: true })),
      ]);
      const answer = await requestOnce(hop, target, maxBytes, options.overflow ?? 'truncate', controller.signal);
      const location = answer.headers.location;
      if (REDIRECTS.has(answer.status) && location && maxRedirects > 0) {
        if (redirects >= maxRedirects) throw new OutboundError('too_many_redirects', `more than ${maxRedirects} redirects`);
        hop = redirected(hop, answer.status, location);
        continue;
      }
      return { ...answer, url: hop.url.href, durationMs: Math.round(performance.now() - started) };
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    if (controller.signal.aborted) throw new OutboundError('timeout', `no answer within ${timeoutMs} ms`);
    const e = error as NodeJS.ErrnoException;
    throw new OutboundError('network', e.code ? `${e.code}${e.message && !e.message.includes(e.code) ? ` ${e.message}` : ''}` : e.message);
  } finally {
    clearTimeout(timer);
  }
}
