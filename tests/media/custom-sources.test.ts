/**
 * Custom sources on PGlite and Postgres (docs/custom-sources.md): the calls' validation messages,
 * permissions, the plan restriction and another organisation's sources; then reading real feeds from a feed
 * server on 127.0.0.1 (allowed by OUTBOUND_ALLOW) through the job queue: RSS 2.0, Atom and JSON Feed items
 * arrive as plain-text articles (no tag, no script survives), an unchanged feed answers 304 to the
 * conditional request and nothing is ingested, a new item arrives and asks adverse-media monitoring for a
 * sweep, a broken feed keeps the source's articles and shows why until it recovers, a feed too large or too
 * slow fails cleanly, pausing, resuming, a new link, deleting, and what a sweep finds due after a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../common/constants';
import { CUSTOM_SOURCE_JOBS } from '../../server/custom-sources/jobs';
import { pollSource, retryMinutes, sweepSources } from '../../server/custom-sources/poll';
import { MEDIA_MONITORING_SWEEP } from '../../server/media-corpus/monitoring-sweep';
import { insertRole, insertUser } from '../../server/organisations/create';
import { ADMIN, ANALYST, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { atomFeed, jsonFeed, rssFeed, startFeedServer, type FeedItem, type FeedServer } from './feed-server';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const AT = new Date('2026-03-02T10:00:00Z');

const item = (id: string, title: string, html: string, extra: Partial<FeedItem> = {}): FeedItem => ({ id, title, html, link: `https://news.example.com/${id}`, published: AT, author: 'Desk Reporter', ...extra });

describe.each(DATABASE_KINDS)('custom sources on %s', (kind) => {
  let t: TestApp;
  let feeds: FeedServer;
  let admin: string;
  let analyst: string;
  let viewer: string;
  let planAdmin: string;
  let northwindId: string;
  let harbourSource: string;
  let serial = 0;

  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
  const create = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/create-custom-source', { token, body });
  const update = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/update-custom-source', { token, body });
  const valid = (extra: Record<string, unknown> = {}) => ({ publisher_name: `Publisher ${++serial}`, url: `${feeds.url}/unused-${serial}.xml`, description: 'A test feed of business news.', frequency_minutes: 60, ...extra });
  /** A source made through the API for a feed path; answers its id. */
  async function source(path: string, extra: Record<string, unknown> = {}) {
    const res = await create(valid({ url: `${feeds.url}${path}`, ...extra }));
    expect(code(res), JSON.stringify(res.body)).toBe('201 custom_source_created');
    return res.body.id as string;
  }
  const view = async (id: string) => {
    const res = await t.call('GET', '/api/custom-sources?page=1&page_size=100', { token: admin });
    return (res.body.data as any[]).find((s) => s.id === id);
  };
  /** Runs the reads waiting on the queue (the first read of a new source, a read asked for by hand). */
  const runReads = () => t.deps.jobs.runDue([CUSTOM_SOURCE_JOBS.poll]);
  const articles = (sourceId: string) =>
    t.deps.db.query<{ guid: string; title: string; body: string; author: string | null; url: string | null; published_at: Date | null; publisher: string; source: string; updated_at: Date }>(
      'SELECT guid, title, body, author, url, published_at, publisher, source, updated_at FROM media_articles WHERE source_id = $1 ORDER BY guid',
      [sourceId],
    );
  const waitingSweeps = async () =>
    (await t.deps.db.one<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry')", [MEDIA_MONITORING_SWEEP.kind]))!.n;

  beforeAll(async () => {
    feeds = await startFeedServer();
    t = await createTestApp(kind, { outboundAllow: '127.0.0.1' });
    const db = t.deps.db;
    admin = await t.login(ADMIN);
    analyst = await t.login(ANALYST);
    planAdmin = await t.login(PLAN_ADMIN);
    northwindId = (await db.one<{ id: string }>("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    const viewerRole = await insertRole(db, northwindId, 'Source viewers', ['view_custom_sources']);
    await insertUser(db, { organisationId: northwindId, roleId: viewerRole, name: 'Vera Viewer', email: 'source.viewer@example.com', password: 'Viewer-2026!' });
    viewer = await t.login({ email: 'source.viewer@example.com', password: 'Viewer-2026!' });
    // Harbour's source, kept from before its plan changed.
    const harbour = (await db.one<{ id: string }>("SELECT id FROM organisations WHERE slug = 'harbour'"))!.id;
    harbourSource = (await db.one<{ id: string }>(
      `INSERT INTO custom_sources (organisation_id, publisher_name, url, description, frequency_minutes) VALUES ($1, 'Harbour Gazette', 'https://harbour.example.com/rss', 'Harbour news', 60) RETURNING id`,
      [harbour],
    ))!.id;
  });
  afterAll(async () => {
    await t?.close();
    await feeds?.close();
  });

  describe('validation', () => {
    it.each([
      ['a publisher name with markup', { publisher_name: '<b>News</b>' }, 'invalid_publisher_name', 'publisher_name'],
      ['a publisher name without letters', { publisher_name: '12345' }, 'invalid_publisher_name', 'publisher_name'],
      ['a publisher name of one letter', { publisher_name: 'N' }, 'custom_source_name_length', 'publisher_name'],
      ['no publisher name', { publisher_name: '   ' }, 'required', 'publisher_name'],
      ['no link', { url: '' }, 'required', 'url'],
      ['a link that is no URL', { url: 'news feed' }, 'invalid_link', 'url'],
      ['a javascript: link', { url: 'javascript:alert(1)' }, 'invalid_link', 'url'],
      ['a link with a script tag', { url: 'https://news.example.com/<script>alert(1)</script>' }, 'invalid_link', 'url'],
      ['a link with a script path', { url: 'https://news.example.com/script/feed.xml' }, 'invalid_link', 'url'],
      ['an ftp link', { url: 'ftp://news.example.com/feed.xml' }, 'invalid_link', 'url'],
      ['a link with credentials', { url: 'https://user:secret@news.example.com/feed.xml' }, 'invalid_link', 'url'],
      ['a link over 1000 characters', { url: `https://news.example.com/${'a'.repeat(LIMITS.customSourceLinkMax)}` }, 'custom_source_link_length', 'url'],
      ['a frequency with letters', { frequency_minutes: '60m' }, 'custom_source_frequency_digits', 'frequency_minutes'],
      ['a negative frequency', { frequency_minutes: -30 }, 'custom_source_frequency_digits', 'frequency_minutes'],
      ['a frequency under 15 minutes', { frequency_minutes: 14 }, 'custom_source_frequency_range', 'frequency_minutes'],
      ['a frequency over 480 minutes', { frequency_minutes: '481' }, 'custom_source_frequency_range', 'frequency_minutes'],
      ['no frequency', { frequency_minutes: '' }, 'required', 'frequency_minutes'],
      ['no description', { description: '' }, 'required', 'description'],
      ['a description of one character', { description: 'x' }, 'custom_source_description_length', 'description'],
      ['a description over 300 characters', { description: 'x'.repeat(301) }, 'custom_source_description_length', 'description'],
    ])('refuses %s', async (_what, change, message, field) => {
      const before = (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM custom_sources'))!.n;
      const res = await create(valid(change));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: message, field });
      expect((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM custom_sources'))!.n).toBe(before);
    });

    it('answers the section-5 messages in English', async () => {
      expect((await create(valid({ publisher_name: '<b>x</b>' }))).body.error_message).toBe('Invalid Publisher Name Format');
      expect((await create(valid({ url: 'javascript:alert(1)' }))).body.error_message).toBe('Invalid link format');
    });

    it('accepts the limits themselves: 15 and 480 minutes, a link of 1000 characters, digits as text, names of every script', async () => {
      for (const [frequency, url, name] of [
        [15, `${feeds.url}/${'a'.repeat(LIMITS.customSourceLinkMax - feeds.url.length - 1)}`, 'Новости Бизнеса'],
        ['480', `${feeds.url}/edge-480.xml`, 'أخبار الأعمال'],
        [60, `${feeds.url}/manuscripts/typescript.xml`, "O'Brien & Sons: News (EU)"],
      ] as const) {
        const res = await create(valid({ frequency_minutes: frequency, url, publisher_name: name }));
        expect(code(res), JSON.stringify(res.body)).toBe('201 custom_source_created');
      }
    });

    it('refuses a feed the organisation already reads, on create and on a change of link', async () => {
      const url = `${feeds.url}/twice.xml`;
      expect(code(await create(valid({ url })))).toBe('201 custom_source_created');
      const again = await create(valid({ url: ` ${url} ` }));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'custom_source_exists', field: 'url' });
      const other = (await create(valid())).body.id;
      expect(code(await update({ id: other, url }))).toBe('409 custom_source_exists');
    });

    it('validates the fields an update changes, and answers 404 for an id that is no source', async () => {
      const id = (await create(valid())).body.id;
      expect((await update({ id, frequency_minutes: 5 })).body).toMatchObject({ code: 'custom_source_frequency_range', field: 'frequency_minutes' });
      expect((await update({ id, url: 'file:///etc/passwd' })).body).toMatchObject({ code: 'invalid_link' });
      expect(code(await update({ id: UNKNOWN_ID, description: 'Still a feed' }))).toBe('404 not_found');
      expect(code(await update({ id: 'not-a-uuid', description: 'Still a feed' }))).toBe('404 not_found');
    });
  });

  describe('access', () => {
    it('needs view_custom_sources to list, and each change its own permission', async () => {
      expect(code(await t.call('GET', '/api/custom-sources', { token: analyst }))).toBe('403 permission_denied');
      expect((await t.call('GET', '/api/custom-sources', { token: viewer })).status).toBe(200);
      expect(code(await create(valid(), viewer))).toBe('403 permission_denied');
      const id = (await create(valid())).body.id;
      expect(code(await update({ id, description: 'Changed by a viewer' }, viewer))).toBe('403 permission_denied');
      expect(code(await t.call('POST', '/api/delete-custom-source', { token: viewer, body: { id } }))).toBe('403 permission_denied');
      expect(code(await t.call('POST', `/api/custom-sources/${id}/poll`, { token: viewer }))).toBe('403 permission_denied');
    });

    it('is not part of the basic plan (nor plus)', async () => {
      const res = await t.call('GET', '/api/custom-sources', { token: planAdmin });
      expect(code(res)).toBe('403 plan_restricted');
      expect(code(await create(valid(), planAdmin))).toBe('403 plan_restricted');
    });

    it("never reaches another organisation's source: 404 on update, delete and poll, and absent from the list", async () => {
      expect(code(await update({ id: harbourSource, active: false }))).toBe('404 not_found');
      expect(code(await t.call('POST', '/api/delete-custom-source', { token: admin, body: { id: harbourSource } }))).toBe('404 not_found');
      expect(code(await t.call('POST', `/api/custom-sources/${harbourSource}/poll`, { token: admin }))).toBe('404 not_found');
      const list = await t.call('GET', '/api/custom-sources?page_size=100', { token: admin });
      expect((list.body.data as any[]).map((s) => s.id)).not.toContain(harbourSource);
      expect((await t.deps.db.one<{ status: string }>('SELECT status FROM custom_sources WHERE id = $1', [harbourSource]))!.status).toBe('In-Progress');
    });

    it('records every change in the audit history', async () => {
      const id = (await create(valid({ publisher_name: 'Audited Gazette' }))).body.id;
      await update({ id, active: false });
      await t.call('POST', '/api/delete-custom-source', { token: admin, body: { id } });
      const actions = (await t.deps.db.query<{ action: string }>('SELECT action FROM audit_events WHERE target_id = $1 ORDER BY id', [id])).map((r) => r.action);
      expect(actions).toEqual(expect.arrayContaining(['custom_source.created', 'custom_source.paused', 'custom_source.deleted']));
    });
  });

  describe('reading feeds', () => {
    it('reads an RSS 2.0 feed at once: plain-text articles, nothing of the HTML kept, the source Live', async () => {
      feeds.document(
        '/rss.xml',
        rssFeed('Business Wire', [
          item('rss-1', '<i>Breaking</i> &amp; news: fraud charges', '<p>Prosecutors filed <b>fraud</b> charges.</p><script>alert("x")</script><img src=x onerror=alert(1)><style>p{color:red}</style><p>More to follow.</p>'),
          item('rss-2', 'Escaped twice', '&lt;script&gt;alert(2)&lt;/script&gt;&lt;p&gt;Escaped &amp;amp; shown&lt;/p&gt;', { author: undefined }),
        ]),
      );
      // Reads other tests left waiting go first, so the one counted below is this source's.
      await runReads();
      const id = await source('/rss.xml', { publisher_name: 'Business Wire' });
      const created = await view(id);
      expect(created).toMatchObject({ status: 'In-Progress', last_polled_at: null, failures: 0, last_error: null, article_count: 0, frequency_minutes: 60, created_by: { name: expect.any(String) } });
      expect(await runReads()).toBe(1);
      const read = await view(id);
      expect(read).toMatchObject({ status: 'Live', failures: 0, last_error: null, article_count: 2 });
      expect(Date.parse(read.next_poll_at) - Date.parse(read.last_polled_at)).toBeGreaterThanOrEqual(59 * 60_000);
      const stored = await articles(id);
      expect(stored.map((a) => [a.guid, a.title, a.body])).toEqual([
        ['rss-1', 'Breaking & news: fraud charges', 'Prosecutors filed fraud charges. More to follow.'],
        ['rss-2', 'Escaped twice', 'Escaped & shown'],
      ]);
      expect(stored[0]).toMatchObject({ author: 'Desk Reporter', url: 'https://news.example.com/rss-1', publisher: 'Business Wire', source: 'custom' });
      expect(new Date(stored[0].published_at!).toISOString()).toBe(AT.toISOString());
      for (const a of stored) expect(`${a.title} ${a.body}`).not.toMatch(/[<>]|alert|script|color/i);
    });

    it('does not read an unchanged feed again: the conditional request is answered 304 and nothing is ingested', async () => {
      feeds.document('/same.xml', rssFeed('Same', [item('same-1', 'Unchanged story', '<p>Nothing new.</p>')]));
      const id = await source('/same.xml');
      await runReads();
      const [first] = await articles(id);
      const since = feeds.requests.length;
      for (let i = 0; i < 2; i++) {
        expect(code(await t.call('POST', `/api/custom-sources/${id}/poll`, { token: admin }))).toBe('200 custom_source_poll_started');
        expect(await runReads()).toBe(1);
      }
      const asked = feeds.requestsTo('/same.xml', since);
      expect(asked).toHaveLength(2);
      for (const r of asked) {
        expect(r.status).toBe(304);
        expect(r.headers['if-none-match']).toMatch(/^"[0-9a-f]+"$/);
        expect(r.headers['if-modified-since']).toBeTruthy();
      }
      const [after] = await articles(id);
      expect(new Date(after.updated_at).getTime()).toBe(new Date(first.updated_at).getTime());
      expect(await view(id)).toMatchObject({ status: 'Live', article_count: 1, last_error: null });
    });

    it('brings in a new item when the feed changes, and asks adverse-media monitoring to look at it', async () => {
      const items = [item('new-1', 'First story', '<p>One.</p>')];
      feeds.document('/growing.xml', rssFeed('Growing', items));
      const id = await source('/growing.xml');
      await runReads();
      // The sweep of the first read is run away, so the next one is the new item's.
      await t.deps.jobs.runDue([MEDIA_MONITORING_SWEEP.kind]);
      expect(await waitingSweeps()).toBe(0);
      feeds.document('/growing.xml', rssFeed('Growing', [item('new-2', 'Second story', '<p>Two.</p>'), ...items]));
      await t.call('POST', `/api/custom-sources/${id}/poll`, { token: admin });
      await runReads();
      expect((await articles(id)).map((a) => a.guid)).toEqual(['new-1', 'new-2']);
      expect(await waitingSweeps()).toBe(1);
      expect(feeds.requestsTo('/growing.xml').at(-1)).toMatchObject({ status: 200 });
    });

    it('reads Atom and JSON Feed documents the same way', async () => {
      feeds.document('/atom.xml', atomFeed('Atom Times', [item('urn:atom:1', 'Atom <b>story</b>', '<div>Regulator fines <em>bank</em>.</div>')]), 'application/atom+xml');
      feeds.document('/feed.json', jsonFeed('JSON Daily', [item('json-1', 'JSON story', '<p>Court <a href="https://x.example">hears</a> case.</p>', { link: undefined })]), 'application/feed+json');
      const atom = await source('/atom.xml');
      const json = await source('/feed.json');
      await runReads();
      expect((await articles(atom)).map((a) => [a.guid, a.title, a.body, a.url, a.author])).toEqual([['urn:atom:1', 'Atom story', 'Regulator fines bank.', 'https://news.example.com/urn:atom:1', 'Desk Reporter']]);
      expect((await articles(json)).map((a) => [a.guid, a.title, a.body, a.url])).toEqual([['json-1', 'JSON story', 'Court hears case.', null]]);
      expect(await view(atom)).toMatchObject({ status: 'Live' });
      expect(await view(json)).toMatchObject({ status: 'Live' });
    });

    it('keeps the articles of a broken feed, shows why it failed, waits longer after each failure, and recovers', async () => {
      feeds.document('/flaky.xml', rssFeed('Flaky', [item('flaky-1', 'Kept story', '<p>Kept.</p>')]));
      const id = await source('/flaky.xml', { frequency_minutes: 15 });
      await runReads();
      expect(await view(id)).toMatchObject({ status: 'Live', article_count: 1 });

      feeds.respond('/flaky.xml', { kind: 'status', status: 500, body: 'oops' });
      await t.call('POST', `/api/custom-sources/${id}/poll`, { token: admin });
      await runReads();
      let now = await view(id);
      expect(now).toMatchObject({ status: 'Live', last_error: 'http 500', failures: 1, article_count: 1 });
      expect(Date.parse(now.next_poll_at) - Date.parse(now.last_polled_at)).toBeGreaterThanOrEqual(2 * 60_000 - 1000);
      expect(Date.parse(now.next_poll_at) - Date.parse(now.last_polled_at)).toBeLessThan(3 * 60_000);

      feeds.respond('/flaky.xml', { kind: 'status', status: 200, body: '<html><body>Not a feed</body></html>' });
      await t.call('POST', `/api/custom-sources/${id}/poll`, { token: admin });
      await runReads();
      now = await view(id);
      expect(now).toMatchObject({ last_error: 'parse: not a feed', failures: 2, article_count: 1 });
      expect(Date.parse(now.next_poll_at) - Date.parse(now.last_polled_at)).toBeGreaterThanOrEqual(4 * 60_000 - 1000);
      expect(retryMinutes(10, 15)).toBe(15);

      feeds.document('/flaky.xml', rssFeed('Flaky', [item('flaky-2', 'Back again', '<p>Recovered.</p>'), item('flaky-1', 'Kept story', '<p>Kept.</p>')]));
      await t.call('POST', `/api/custom-sources/${id}/poll`, { token: admin });
      await runReads();
      expect(await view(id)).toMatchObject({ status: 'Live', last_error: null, failures: 0, article_count: 2 });
    });

    it('fails cleanly on a feed too large (declared or not) or too slow, storing nothing', async () => {
      feeds.respond('/huge-declared.xml', { kind: 'huge', bytes: 6 * 1024 * 1024, declareLength: true });
      feeds.respond('/huge-streamed.xml', { kind: 'huge', bytes: 6 * 1024 * 1024, declareLength: false });
      feeds.respond('/slow.xml', { kind: 'slow', ms: 5_000, body: rssFeed('Slow', [item('slow-1', 'Late', 'Late')]), contentType: 'application/rss+xml' });
      const declared = await source('/huge-declared.xml');
      const streamed = await source('/huge-streamed.xml');
      const slow = await source('/slow.xml');
      expect(await pollSource(t.deps, declared, { force: true })).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/^too_large: /) });
      expect(await pollSource(t.deps, streamed, { force: true })).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/^too_large: /) });
      const started = Date.now();
      expect(await pollSource(t.deps, slow, { force: true, timeoutMs: 300 })).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/^timeout: /) });
      expect(Date.now() - started).toBeLessThan(3000);
      for (const id of [declared, streamed, slow]) {
        expect(await view(id)).toMatchObject({ status: 'In-Progress', failures: 1, article_count: 0 });
      }
    });

    it('pauses and resumes a source: paused, it is never read; resumed, it is read at once', async () => {
      feeds.document('/pause.xml', rssFeed('Pause', [item('pause-1', 'Story', 'Text')]));
      const id = await source('/pause.xml');
      const paused = await update({ id, active: false });
      expect(code(paused)).toBe('200 custom_source_updated');
      expect(paused.body).toMatchObject({ status: 'In-Active', next_poll_at: null });
      // The read enqueued at creation finds it paused.
      await runReads();
      expect(feeds.requestsTo('/pause.xml')).toHaveLength(0);
      await t.deps.db.query("UPDATE custom_sources SET next_poll_at = now() - interval '1 hour' WHERE id = $1", [id]);
      await sweepSources(t.deps);
      await runReads();
      expect(feeds.requestsTo('/pause.xml')).toHaveLength(0);
      expect(code(await t.call('POST', `/api/custom-sources/${id}/poll`, { token: admin }))).toBe('409 custom_source_inactive');
      const resumed = await update({ id, active: true });
      expect(resumed.body).toMatchObject({ status: 'In-Progress' });
      await runReads();
      expect(feeds.requestsTo('/pause.xml')).toHaveLength(1);
      expect(await view(id)).toMatchObject({ status: 'Live', article_count: 1 });
    });

    it('reads a new link at once as a new feed, and keeps a deleted source’s articles', async () => {
      feeds.document('/old-link.xml', rssFeed('Old', [item('old-1', 'Old story', 'Old')]));
      feeds.document('/new-link.xml', rssFeed('New', [item('new-link-1', 'New story', 'New')]));
      const id = await source('/old-link.xml');
      await runReads();
      const changed = await update({ id, url: `${feeds.url}/new-link.xml`, publisher_name: 'Renamed Publisher', frequency_minutes: 30 });
      expect(changed.body).toMatchObject({ status: 'In-Progress', publisher_name: 'Renamed Publisher', frequency_minutes: 30, last_error: null });
      expect(code(changed)).toBe('200 custom_source_updated');
      await runReads();
      expect(feeds.requestsTo('/new-link.xml')).toHaveLength(1);
      // No validators of the old link are sent to the new one.
      expect(feeds.requestsTo('/new-link.xml')[0].headers['if-none-match']).toBeUndefined();
      expect((await articles(id)).map((a) => a.guid)).toEqual(['new-link-1', 'old-1']);

      expect(code(await t.call('POST', '/api/delete-custom-source', { token: admin, body: { id } }))).toBe('200 custom_source_deleted');
      expect(await view(id)).toBeUndefined();
      const kept = await t.deps.db.query<{ guid: string; source_id: string | null }>("SELECT guid, source_id FROM media_articles WHERE guid IN ('old-1', 'new-link-1') ORDER BY guid");
      expect(kept).toEqual([
        { guid: 'new-link-1', source_id: null },
        { guid: 'old-1', source_id: null },
      ]);
    });

    it('finds every due source after a restart, since due-ness lives in the database', async () => {
      feeds.document('/restart.xml', rssFeed('Restart', [item('restart-1', 'Story', 'Text')]));
      const id = await source('/restart.xml');
      // The read enqueued at creation is lost (a crash before any worker took it).
      await t.deps.db.query("DELETE FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state = 'created'", [CUSTOM_SOURCE_JOBS.poll, id]);
      expect(await runReads()).toBe(0);
      const due = await sweepSources(t.deps);
      expect(due).toBeGreaterThanOrEqual(1);
      await runReads();
      expect(await view(id)).toMatchObject({ status: 'Live', article_count: 1 });
    });
  });

  describe('the list', () => {
    it('pages, searches publisher, link and description, and filters by status', async () => {
      const id = await source('/listed.xml', { publisher_name: 'Zebra Chronicle', description: 'Unusual words quokka' });
      await update({ id, active: false });
      const bySearch = await t.call('GET', '/api/custom-sources?search=quokka', { token: admin });
      expect(bySearch.body).toMatchObject({ total: 1, page: 1, page_size: 20 });
      expect(bySearch.body.data[0]).toMatchObject({ id, publisher_name: 'Zebra Chronicle', status: 'In-Active' });
      expect((await t.call('GET', '/api/custom-sources?search=zebra%20chron', { token: admin })).body.total).toBe(1);
      expect((await t.call('GET', '/api/custom-sources?search=listed.xml', { token: admin })).body.total).toBe(1);
      const inactive = await t.call('GET', '/api/custom-sources?status=In-Active&page_size=100', { token: admin });
      expect((inactive.body.data as any[]).every((s) => s.status === 'In-Active')).toBe(true);
      expect((inactive.body.data as any[]).map((s) => s.id)).toContain(id);
      const paged = await t.call('GET', '/api/custom-sources?page=2&page_size=1', { token: admin });
      expect(paged.body).toMatchObject({ page: 2, page_size: 1 });
      expect(paged.body.data).toHaveLength(1);
      expect(code(await t.call('GET', '/api/custom-sources?status=Paused', { token: admin }))).toMatch(/^400/);
    });
  });
});
