/**
 * Outbound safety (server/outbound): which addresses are refused, how every spelling of an address is read,
 * that the check happens after DNS resolution and again at every redirect, that the connection goes to the
 * address that was checked, and the time and size limits. Against servers on 127.0.0.1 started here.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressProblem, allowedAddress, parseAllowList, refusedRange } from '../../server/outbound/address';
import { OutboundError, safeFetch, type ResolvedAddress } from '../../server/outbound/fetch';

const LOCAL = parseAllowList('127.0.0.1');

/** The OutboundError code a request ends with, or 'ok <status>'. */
async function outcome(url: string, options: Parameters<typeof safeFetch>[1] = {}) {
  try {
    const res = await safeFetch(url, { timeoutMs: 2000, ...options });
    return `ok ${res.status}`;
  } catch (error) {
    if (error instanceof OutboundError) return error.code;
    throw error;
  }
}

describe('address classification', () => {
  const refused: [string, RegExp][] = [
    ['127.0.0.1', /loopback/],
    ['127.255.255.254', /loopback/],
    ['10.0.0.1', /private/],
    ['10.255.255.255', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.168.1.1', /private/],
    ['169.254.169.254', /link-local/],
    ['169.254.0.1', /link-local/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['0.0.0.0', /unspecified/],
    ['224.0.0.1', /multicast/],
    ['255.255.255.255', /broadcast/],
    ['240.0.0.1', /reserved/],
    ['192.0.2.1', /reserved/],
    ['::1', /loopback/],
    ['::', /unspecified/],
    ['fc00::1', /unique-local/],
    ['fd12:3456::1', /unique-local/],
    ['fe80::1', /link-local/],
    ['ff02::1', /multicast/],
    ['::ffff:127.0.0.1', /loopback/],
    ['::ffff:10.1.2.3', /private/],
    ['::ffff:169.254.169.254', /link-local/],
    ['::ffff:7f00:1', /loopback/],
    ['64:ff9b::a00:1', /NAT64/],
    ['2002:7f00:1::1', /6to4/],
    ['2001:db8::1', /reserved/],
  ];
  it.each(refused)('refuses %s', (address, reason) => {
    expect(refusedRange(address)).toMatch(reason);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '172.15.255.255', '192.169.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the global address %s', (address) => {
    expect(refusedRange(address)).toBeNull();
  });

  it('reads the allow-list: addresses, networks and host names; anything else is ignored with a warning', () => {
    const warnings: string[] = [];
    const list = parseAllowList(' 127.0.0.1, 10.20.0.0/16 ,hooks.internal.example., fd00::/8, not a host!, 300.1.1.1/8', (m) => warnings.push(m));
    expect(allowedAddress(list, '127.0.0.1')).toBe(true);
    expect(allowedAddress(list, '::ffff:127.0.0.1')).toBe(true);
    expect(allowedAddress(list, '127.0.0.2')).toBe(false);
    expect(allowedAddress(list, '10.20.3.4')).toBe(true);
    expect(allowedAddress(list, '10.21.0.1')).toBe(false);
    expect(allowedAddress(list, 'fd00::5')).toBe(true);
    expect(list.hosts.has('hooks.internal.example')).toBe(true);
    expect(warnings).toHaveLength(2);
    expect(addressProblem(list, '10.20.0.9')).toBeNull();
    expect(addressProblem(list, '10.30.0.9')).toMatch(/private/);
    expect(parseAllowList('').networks).toEqual([]);
  });
});

describe('safeFetch', () => {
  let server: http.Server;
  let port: number;
  const seen: { path: string; method: string; host?: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const path = req.url ?? '/';
      seen.push({ path, method: req.method ?? '', host: req.headers.host, body: Buffer.concat(chunks).toString() });
      const to = (location: string, status = 302) => {
        res.writeHead(status, { location });
        res.end();
      };
      if (path === '/ok') return res.end('hello');
      if (path === '/big') return res.end('x'.repeat(10_000));
      if (path === '/slow') return; // never answers
      if (path === '/to-private') return to('http://10.0.0.1/');
      if (path === '/to-metadata') return to('http://169.254.169.254/latest/meta-data/');
      if (path === '/to-loopback-v6') return to(`http://[::1]:${port}/ok`);
      if (path === '/to-decimal') return to(`http://2130706434:${port}/ok`);
      if (path === '/to-localhost') return to(`http://localhost:${port}/ok`);
      if (path === '/to-file') return to('file:///etc/passwd');
      if (path === '/loop') return to('/loop');
      if (path === '/to-ok') return to('/ok');
      if (path === '/keep-post') return to('/ok', 307);
      if (path === '/see-other') return to('/ok', 303);
      res.writeHead(404);
      res.end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('allows only http and https URLs', async () => {
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://example.com/', 'not a url', 'data:text/plain,hi', '//example.com/']) {
      expect(await outcome(url), url).toBe('invalid_url');
    }
  });

  it('refuses every private, loopback, link-local and special address, whichever way it is spelled', async () => {
    const urls = [
      `http://127.0.0.1:${port}/ok`,
      'http://10.0.0.1/',
      'http://10.255.0.1/',
      'http://172.16.0.1/',
      'http://172.31.0.1/',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://224.0.0.1/',
      `http://[::1]:${port}/ok`,
      'http://[fc00::1]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      `http://[::ffff:127.0.0.1]:${port}/ok`,
      'http://[::ffff:a9fe:a9fe]/',
      'http://[::]/',
      // Decimal, octal, hexadecimal and short spellings of 127.0.0.1, 192.168.1.1 and 169.254.169.254.
      `http://2130706433:${port}/ok`,
      `http://017700000001:${port}/ok`,
      `http://0177.0.0.1:${port}/ok`,
      `http://0x7f.0.0.1:${port}/ok`,
      `http://0x7f000001:${port}/ok`,
      `http://127.1:${port}/ok`,
      'http://3232235777/',
      'http://0xA9FEA9FE/',
      'http://0251.0376.0251.0376/',
    ];
    for (const url of urls) expect(await outcome(url), url).toBe('refused_address');
    expect(seen).toEqual([]);
  });

  it('checks the addresses a name resolves to: a name for 127.0.0.1 is refused, and so is a name with one private address among public ones', async () => {
    const lookup = (table: Record<string, string[]>) => async (host: string): Promise<ResolvedAddress[]> => (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    expect(await outcome(`http://localhost:${port}/ok`)).toBe('refused_address');
    expect(await outcome(`http://receiver.test:${port}/ok`, { lookup: lookup({ 'receiver.test': ['127.0.0.1'] }) })).toBe('refused_address');
    expect(await outcome('http://mixed.test/', { lookup: lookup({ 'mixed.test': ['93.184.216.34', '10.0.0.7'] }) })).toBe('refused_address');
    expect(await outcome('http://mapped.test/', { lookup: lookup({ 'mapped.test': ['::ffff:192.168.0.1'] }) })).toBe('refused_address');
    expect(await outcome('http://nowhere.test/', { lookup: lookup({}) })).toBe('network');
    const error = await safeFetch(`http://receiver.test:${port}/ok`, { lookup: lookup({ 'receiver.test': ['127.0.0.1'] }) }).catch((e) => e);
    expect(String(error)).toBe('refused_address: receiver.test resolves to 127.0.0.1, a loopback address');
    expect(seen).toEqual([]);
  });

  it('reaches what OUTBOUND_ALLOW names, and connects to the address it checked (the lookup is not asked twice)', async () => {
    const res = await safeFetch(`http://127.0.0.1:${port}/ok`, { allow: LOCAL });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('hello');
    let lookups = 0;
    const pinned = await safeFetch(`http://receiver.test:${port}/ok`, {
      allow: LOCAL,
      lookup: async () => {
        lookups += 1;
        // A rebinding resolver would answer something else the second time; it is never asked again.
        return lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }];
      },
    });
    expect(pinned.status).toBe(200);
    expect(lookups).toBe(1);
    expect(seen.at(-1)).toMatchObject({ path: '/ok', host: `receiver.test:${port}` });
    // A host name on the list is allowed whatever it resolves to.
    expect(await outcome(`http://hooks.test:${port}/ok`, { allow: parseAllowList('hooks.test'), lookup: async () => [{ address: '127.0.0.1', family: 4 }] })).toBe('ok 200');
    // The list names 127.0.0.1 only: another loopback address stays refused.
    expect(await outcome(`http://127.0.0.2:${port}/ok`, { allow: LOCAL })).toBe('refused_address');
  });

  it('checks every redirect as a new request: a hop to a refused address is refused, a hop to an allowed one followed', async () => {
    for (const path of ['/to-private', '/to-metadata', '/to-loopback-v6', '/to-decimal']) {
      expect(await outcome(`http://127.0.0.1:${port}${path}`, { allow: LOCAL }), path).toBe('refused_address');
    }
    // The first hop is a host the list names; the redirect goes to a name resolving to 127.0.0.1, which it does not.
    const local = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await outcome(`http://start.test:${port}/to-localhost`, { allow: parseAllowList('start.test'), lookup: local })).toBe('refused_address');
    expect(await outcome(`http://127.0.0.1:${port}/to-file`, { allow: LOCAL })).toBe('invalid_url');
    expect(await outcome(`http://127.0.0.1:${port}/loop`, { allow: LOCAL, maxRedirects: 3 })).toBe('too_many_redirects');
    const followed = await safeFetch(`http://127.0.0.1:${port}/to-ok`, { allow: LOCAL });
    expect(followed).toMatchObject({ status: 200, url: `http://127.0.0.1:${port}/ok` });
    // Not followed when told not to: the redirect is the answer.
    expect(await outcome(`http://127.0.0.1:${port}/to-private`, { allow: LOCAL, maxRedirects: 0 })).toBe('ok 302');
  });

  it('keeps a POST and its body through 307 and turns it into a GET on 303, as fetch does', async () => {
    seen.length = 0;
    await safeFetch(`http://127.0.0.1:${port}/keep-post`, { allow: LOCAL, method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(seen.at(-1)).toMatchObject({ path: '/ok', method: 'POST', body: '{"a":1}' });
    await safeFetch(`http://127.0.0.1:${port}/see-other`, { allow: LOCAL, method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(seen.at(-1)).toMatchObject({ path: '/ok', method: 'GET', body: '' });
  });

  it('limits the time of a request and the size of the answer', async () => {
    const started = Date.now();
    expect(await outcome(`http://127.0.0.1:${port}/slow`, { allow: LOCAL, timeoutMs: 300 })).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    const cut = await safeFetch(`http://127.0.0.1:${port}/big`, { allow: LOCAL, maxBytes: 1024 });
    expect(cut.body.length).toBe(1024);
    expect(cut.truncated).toBe(true);
    expect(await outcome(`http://127.0.0.1:${port}/big`, { allow: LOCAL, maxBytes: 1024, overflow: 'error' })).toBe('too_large');
  });
});
