/**
 * Outbound safety of custom sources, end to end on PGlite and Postgres: a source whose feed address is
 * refused by server/outbound (tests/webhooks/outbound.test.ts covers every spelling of every range; this
 * covers the feed path) ends its read with the refusal as last_error and ingests nothing: loopback without
 * the allow-list, private, link-local (cloud metadata), IPv6 loopback and unique-local addresses, a host name
 * that resolves to a private address, a redirect from an allowed feed to a private address, a redirect to a
 * non-http scheme, and a stored link of another scheme. The feed server on 127.0.0.1 is never asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollSource } from '../../server/custom-sources/poll';
import { ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { rssFeed, startFeedServer, type FeedServer } from './feed-server';

describe.each(DATABASE_KINDS)('custom source reads refused by the outbound rule on %s', (kind) => {
  let t: TestApp;
  let feeds: FeedServer;
  let admin: string;
  let serial = 0;

  /** A source made through the API (the link passes the form's rules; reaching it is decided at each read). */
  async function source(url: string) {
    const res = await t.call('POST', '/api/create-custom-source', { token: admin, body: { publisher_name: `Refused ${++serial}`, url, description: 'A feed that must not be read.', frequency_minutes: 60 } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }
  const state = (id: string) =>
    t.deps.db.one<{ status: string; last_error: string | null; failures: number; articles: number }>(
      'SELECT s.status, s.last_error, s.failures, (SELECT count(*)::int FROM media_articles a WHERE a.source_id = s.id) AS articles FROM custom_sources s WHERE s.id = $1',
      [id],
    );

  beforeAll(async () => {
    feeds = await startFeedServer();
    feeds.document('/feed.xml', rssFeed('Internal', [{ id: 'internal-1', title: 'Internal memo', html: '<p>Only the server can see this.</p>' }]));
    feeds.respond('/to-private', { kind: 'redirect', location: 'http://10.1.2.3/feed.xml' });
    feeds.respond('/to-metadata', { kind: 'redirect', location: 'http://169.254.169.254/latest/meta-data/' });
    feeds.respond('/to-file', { kind: 'redirect', location: 'file:///etc/passwd' });
    // No OUTBOUND_ALLOW: nothing the rule refuses is reachable.
    t = await createTestApp(kind, { outboundAllow: '' });
    admin = await t.login(ADMIN);
  });
  afterAll(async () => {
    await t?.close();
    await feeds?.close();
  });

  it.each([
    ['loopback without the allow-list', () => `${feeds.url}/feed.xml`, /^refused_address: 127\.0\.0\.1 is a loopback address/],
    ['a private address (10/8)', () => 'http://10.0.0.5/feed.xml', /^refused_address: 10\.0\.0\.5 is a private address/],
    ['a private address (192.168/16)', () => 'http://192.168.1.20/rss', /^refused_address: 192\.168\.1\.20 is a private address/],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/', /^refused_address: 169\.254\.169\.254 is a link-local address/],
    ['IPv6 loopback', () => `http://[::1]:${feeds.port}/feed.xml`, /^refused_address: ::1 is a loopback address/],
    ['an IPv6 unique-local address', () => 'http://[fc00::7]/feed.xml', /^refused_address: fc00::7 is a unique-local address/],
    ['a decimal spelling of loopback', () => `http://2130706433:${feeds.port}/feed.xml`, /^refused_address: 127\.0\.0\.1 is a loopback address/],
  ])('refuses %s: last_error names the refusal and nothing is ingested', async (_what, url, error) => {
    const id = await source(url());
    const outcome = await pollSource(t.deps, id, { force: true });
    expect(outcome).toMatchObject({ outcome: 'failed' });
    expect(await state(id)).toMatchObject({ status: 'In-Progress', failures: 1, articles: 0, last_error: expect.stringMatching(error) });
    expect(feeds.requests).toEqual([]);
  });

  it('refuses a host name that resolves to a private address (checked after DNS)', async () => {
    const id = await source(`http://feeds.partner.test:${feeds.port}/feed.xml`);
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    await pollSource(t.deps, id, { force: true, fetchOptions: { lookup } });
    expect(await state(id)).toMatchObject({ articles: 0, last_error: 'refused_address: feeds.partner.test resolves to 127.0.0.1, a loopback address' });
    const internal = await source('http://intranet.partner.test/feed.xml');
    await pollSource(t.deps, internal, { force: true, fetchOptions: { lookup: async () => [{ address: '10.20.30.40', family: 4 }] } });
    expect((await state(internal))!.last_error).toBe('refused_address: intranet.partner.test resolves to 10.20.30.40, a private address');
    expect(feeds.requests).toEqual([]);
  });

  it('follows a redirect only to where the rule allows: an allowed feed that redirects to a private, metadata or file address is refused', async () => {
    // The same server, allowed by an operator for this read: the feed itself is reachable, where it redirects to is not.
    const allowed = { ...t.deps, config: { ...t.deps.config, outboundAllow: '127.0.0.1' } };
    const cases: [string, RegExp][] = [
      ['/to-private', /^refused_address: 10\.1\.2\.3 is a private address/],
      ['/to-metadata', /^refused_address: 169\.254\.169\.254 is a link-local address/],
      ['/to-file', /^invalid_url: file URLs are not allowed/],
    ];
    for (const [path, error] of cases) {
      const id = await source(`${feeds.url}${path}`);
      await pollSource(allowed, id, { force: true });
      expect(await state(id), path).toMatchObject({ articles: 0, last_error: expect.stringMatching(error) });
    }
    expect(feeds.requests.map((r) => r.path)).toEqual(['/to-private', '/to-metadata', '/to-file']);
    // The allowed feed itself is read when it answers a feed.
    const direct = await source(`${feeds.url}/feed.xml?read=allowed`);
    await pollSource(allowed, direct, { force: true });
    expect(await state(direct)).toMatchObject({ status: 'Live', articles: 1, last_error: null });
  });

  it('refuses a stored link of another scheme (one saved before the form checked it)', async () => {
    const id = await source('https://news.example.com/placeholder.xml');
    await t.deps.db.query("UPDATE custom_sources SET url = 'gopher://news.example.com/feed' WHERE id = $1", [id]);
    await pollSource(t.deps, id, { force: true });
    expect(await state(id)).toMatchObject({ articles: 0, last_error: 'invalid_url: gopher URLs are not allowed; use http or https' });
  });
});
