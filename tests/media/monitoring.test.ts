/**
 * Adverse-media monitoring on PGlite and Postgres (server/cases/media-monitoring.ts; docs/custom-sources.md):
 * a custom source on a feed server on 127.0.0.1 publishes articles naming a monitored case's searched name
 * (in Russian) and a monitored entity (in English); the read enqueues the monitoring sweep, whose checks
 * store the mentions as new, mark the entity updated, write the history event, spend one Media Watcher credit
 * per case, publish the change-streams event and gather an alert the organisation's digest sends the
 * followers in the app and by e-mail (the test SMTP server). A case with monitoring off is left alone; an
 * organisation without credits is left due until it has some; a case whose monitoring period is over is
 * ended, not checked. The Adverse Media tab (GET /api/record-adverse-media) shows the mentions, new ones once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '../../common/constants';
import { MEDIA_MONITORING_JOBS, runMediaMonitoringPass } from '../../server/cases/media-monitoring';
import { MONITORING_DIGEST, runMonitoringDigests } from '../../server/cases/monitoring-digest';
import { CUSTOM_SOURCE_JOBS } from '../../server/custom-sources/jobs';
import type { RealtimeMessage } from '../../server/realtime/bus';
import { ADMIN, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { rssFeed, startFeedServer, type FeedItem, type FeedServer } from './feed-server';

const PERSON = 'Viktor Petrovsky';
const LISTED = 'Ayman al-Zawahri';

describe.each(DATABASE_KINDS)('adverse-media monitoring on %s', (kind) => {
  let t: TestApp;
  let feeds: FeedServer;
  let admin: string;
  let orgId: string;
  let sourceId: string;
  const items: FeedItem[] = [];
  const published: RealtimeMessage[] = [];
  let serial = 0;

  const search = async (searchTerm: string, media: boolean) => {
    const res = await t.call('POST', '/api/search', { token: admin, body: { search_term: searchTerm, entity_type: 'person', adverse_media_monitoring: String(media) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.reference as string;
  };
  const caseRow = (ref: string) => t.deps.db.one('SELECT * FROM cases WHERE reference = $1 AND organisation_id = $2', [ref, orgId]);
  const mentionsOf = (ref: string) =>
    t.deps.db.query<{ hit_id: string | null; matched_name: string; matched_text: string; is_new: boolean; title: string }>(
      'SELECT m.hit_id, m.matched_name, m.matched_text, m.is_new, a.title FROM case_media_mentions m JOIN cases c ON c.id = m.case_id JOIN media_articles a ON a.id = m.article_id WHERE c.reference = $1 ORDER BY a.title',
      [ref],
    );
  const creditsUsed = async () => (await t.deps.db.one<{ n: number }>('SELECT media_watcher_credits_used AS n FROM organisations WHERE id = $1', [orgId]))!.n;
  /** Publishes a new item on the feed, reads the source, and runs the monitoring sweep and checks the read enqueued. */
  async function publish(title: string, html: string) {
    items.unshift({ id: `item-${++serial}`, title, html, link: `https://news.example.com/item-${serial}`, published: new Date() });
    feeds.document('/watch.xml', rssFeed('Watch', items));
    expect((await t.call('POST', `/api/custom-sources/${sourceId}/poll`, { token: admin })).status).toBe(200);
    expect(await t.deps.jobs.runDue([CUSTOM_SOURCE_JOBS.poll])).toBe(1);
    return t.deps.jobs.runDue([MEDIA_MONITORING_JOBS.sweep, MEDIA_MONITORING_JOBS.check]);
  }

  beforeAll(async () => {
    feeds = await startFeedServer();
    t = await createTestApp(kind, { outboundAllow: '127.0.0.1' });
    admin = await t.login(ADMIN);
    orgId = (await t.deps.db.one<{ id: string }>("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    await t.deps.realtime.subscribe((m) => published.push(m));
    items.push({ id: 'item-0', title: 'Markets', html: '<p>Markets were calm.</p>', published: new Date() });
    feeds.document('/watch.xml', rssFeed('Watch', items));
    const created = await t.call('POST', '/api/create-custom-source', { token: admin, body: { publisher_name: 'Watch Daily', url: `${feeds.url}/watch.xml`, description: 'Business news we watch.', frequency_minutes: 60 } });
    expect(created.status).toBe(201);
    sourceId = created.body.id;
    await t.deps.jobs.runDue([CUSTOM_SOURCE_JOBS.poll]);
    // Nothing is monitored yet: the sweep the first read asked for finds no case.
    expect(await runMediaMonitoringPass(t.deps)).toMatchObject({ checked: 0 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await feeds?.close();
  });

  it('finds new mentions of monitored names, marks and records them, spends one credit per case and tells the followers', async () => {
    const watched = await search(PERSON, true);
    const unwatched = await search(PERSON, false);
    const listed = await search(LISTED, false);
    const [hit] = await t.deps.db.query<{ id: string; name: string }>('SELECT h.id, h.name FROM case_hits h JOIN cases c ON c.id = h.case_id WHERE c.reference = $1 ORDER BY h.position', [listed]);
    expect(hit).toBeDefined();
    expect((await t.call('POST', '/api/monitor', { token: admin, body: { reference: listed, entity_id: hit.id, kind: 'adverse_media', enabled: true } })).status).toBe(200);
    const credits = await creditsUsed();
    published.length = 0;

    await publish('Арест бизнесмена', '<p>Суд арестовал Виктора Петровского по делу о мошенничестве.</p>');
    await publish('Al-Qaida leader', '<p>Officials said Ayman al-Zawahiri had been killed.</p>');
    // Two checks (one per article's arrival) of each monitored case.
    expect(await creditsUsed()).toBe(credits + 4);

    expect(await mentionsOf(watched)).toEqual([{ hit_id: null, matched_name: PERSON, matched_text: 'Виктора Петровского', is_new: true, title: 'Арест бизнесмена' }]);
    expect(await mentionsOf(unwatched)).toEqual([]);
    const entityMentions = await mentionsOf(listed);
    expect(entityMentions).toEqual([expect.objectContaining({ hit_id: hit.id, matched_text: 'Ayman al-Zawahiri', is_new: true, title: 'Al-Qaida leader' })]);
    expect((await t.deps.db.one<{ is_updated: boolean }>('SELECT is_updated FROM case_hits WHERE id = $1', [hit.id]))!.is_updated).toBe(true);

    const c = (await caseRow(watched))!;
    expect(c.media_checked_at).not.toBeNull();
    expect((await caseRow(unwatched))!.media_checked_at).toBeNull();
    const events = await t.deps.db.query('SELECT action, actor_user_id, details FROM case_events WHERE case_id = $1 AND action = $2', [c.id, 'media_monitoring_update']);
    expect(events).toEqual([{ action: 'media_monitoring_update', actor_user_id: null, details: { mentions: 1, entities: 0, titles: ['Арест бизнесмена'] } }]);
    const alert = await t.deps.db.one('SELECT kind, details, delivered_at FROM monitoring_alerts WHERE case_id = $1', [c.id]);
    expect(alert).toMatchObject({ kind: 'findings', details: { new_hits: 0, updated_records: 1, media_mentions: 1 }, delivered_at: null });
    await expect.poll(() => published.some((m) => m.event === SOCKET_EVENTS.changeStreams && (m.payload as any)?.data?.search_reference === watched)).toBe(true);

    // The digest tells the follower (the case's creator) in the app and by e-mail.
    const digestAt = (await t.deps.db.one<{ at: Date }>('SELECT next_digest_at AS at FROM monitoring_settings WHERE organisation_id = $1', [orgId]))!.at;
    const mails = t.smtp.messages.length;
    const digest = await runMonitoringDigests(t.deps, { now: new Date(new Date(digestAt).getTime() + 1000) });
    expect(digest).toMatchObject({ organisations: 1, notifications: 1, emails: 1 });
    const note = await t.deps.db.one("SELECT params, link FROM notifications WHERE kind = 'monitoring_digest' AND user_id = (SELECT id FROM users WHERE email = $1) ORDER BY created_at DESC LIMIT 1", [ADMIN.email]);
    expect(note).toMatchObject({ params: { cases: 2, new_hits: 0, updated: 2, ended: 0 }, link: '/manage-case' });
    await t.deps.jobs.runDue([MONITORING_DIGEST.email]);
    const mail = await t.smtp.waitFor(ADMIN.email, { since: mails });
    expect(mail.text).toContain(watched);
    expect(mail.text).toContain(listed);

    // Checked once per arrival: nothing new, nothing due, nothing spent.
    expect(await runMediaMonitoringPass(t.deps)).toMatchObject({ checked: 0, no_credit: 0 });
    expect(await creditsUsed()).toBe(credits + 4);
  });

  it('shows the mentions on the Adverse Media tab, new ones marked once, to the organisation only', async () => {
    const listed = (await t.deps.db.one<{ reference: string }>("SELECT reference FROM cases WHERE organisation_id = $1 AND search_term = $2 ORDER BY created_at LIMIT 1", [orgId, LISTED]))!.reference;
    const hit = (await t.deps.db.one<{ id: string }>('SELECT h.id FROM case_hits h JOIN cases c ON c.id = h.case_id WHERE c.reference = $1 AND h.organisation_id = $2 AND h.adverse_media_monitoring', [listed, orgId]))!.id;
    const url = `/api/record-adverse-media?reference=${encodeURIComponent(listed)}&id=${hit}`;
    const first = await t.call('GET', url, { token: admin });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.scanned_at).toEqual(expect.any(String));
    expect(first.body.items).toEqual([
      expect.objectContaining({ title: 'Al-Qaida leader', publisher: 'Watch Daily', source: 'custom', matched_text: 'Ayman al-Zawahiri', is_new: true, match_score: expect.any(Number), snippet: expect.any(Array) }),
    ]);
    expect(first.body.items[0].match_score).toBeGreaterThanOrEqual(0.85);
    const second = await t.call('GET', url, { token: admin });
    expect(second.body.items.map((i: any) => [i.title, i.is_new])).toEqual([['Al-Qaida leader', false]]);

    const planAdmin = await t.login(PLAN_ADMIN);
    expect((await t.call('GET', url, { token: planAdmin })).status).toBe(404);
    expect((await t.call('GET', `/api/record-adverse-media?reference=${encodeURIComponent(listed)}&id=00000000-0000-4000-8000-000000000000`, { token: admin })).status).toBe(404);
  });

  it('looks for the mentions of a case opened for the first time in every article, and keeps them', async () => {
    const ref = await search(LISTED, false);
    const hit = (await t.deps.db.one<{ id: string }>('SELECT h.id FROM case_hits h JOIN cases c ON c.id = h.case_id WHERE c.reference = $1 ORDER BY h.position LIMIT 1', [ref]))!.id;
    expect(await mentionsOf(ref)).toEqual([]);
    const res = await t.call('GET', `/api/record-adverse-media?reference=${encodeURIComponent(ref)}&id=${hit}`, { token: admin });
    expect(res.body.items.map((i: any) => [i.title, i.is_new])).toEqual([['Al-Qaida leader', false]]);
    expect((await mentionsOf(ref)).length).toBeGreaterThanOrEqual(1);
  });

  it('leaves a case due while its organisation has no Media Watcher credit, and checks it once credits return', async () => {
    const watched = await search(PERSON, true);
    // Its first check (of nothing new) happens with the next article.
    await t.deps.db.query('UPDATE organisations SET media_watcher_credits_alloted = media_watcher_credits_used WHERE id = $1', [orgId]);
    try {
      const before = (await caseRow(watched))!.media_checked_at;
      await publish('Второй арест', '<p>Виктор Петровский снова задержан.</p>');
      expect((await caseRow(watched))!.media_checked_at).toEqual(before);
      expect((await mentionsOf(watched)).map((m) => m.title)).not.toContain('Второй арест');
      expect(await runMediaMonitoringPass(t.deps)).toMatchObject({ checked: 0 });
      const stillDue = await runMediaMonitoringPass(t.deps);
      expect(stillDue.no_credit).toBeGreaterThanOrEqual(1);
    } finally {
      await t.deps.db.query('UPDATE organisations SET media_watcher_credits_alloted = media_watcher_credits_used + 100 WHERE id = $1', [orgId]);
    }
    const pass = await runMediaMonitoringPass(t.deps);
    expect(pass.checked).toBeGreaterThanOrEqual(1);
    expect(pass.no_credit).toBe(0);
    expect((await mentionsOf(watched)).map((m) => [m.title, m.is_new])).toContainEqual(['Второй арест', true]);
  });

  it('ends a case whose monitoring period is over instead of checking it', async () => {
    const ended = await search(PERSON, true);
    await t.deps.db.query("UPDATE cases SET monitoring_started_at = now() - interval '800 days' WHERE reference = $1 AND organisation_id = $2", [ended, orgId]);
    await publish('Третья статья', '<p>Виктор Петровский дал интервью.</p>');
    const c = (await caseRow(ended))!;
    expect(c).toMatchObject({ adverse_media_monitoring: false, media_checked_at: null });
    expect(await mentionsOf(ended)).toEqual([]);
    expect(await t.deps.db.one("SELECT 1 AS ok FROM case_events WHERE case_id = $1 AND action = 'monitoring_ended'", [c.id])).toEqual({ ok: 1 });
  });
});
