/**
 * The web hook secret key (webhook-key, create-webhook-key), notifications
 * (notifications, edit-notification), customer-feedback and the audit history
 * with its CSV export, on PGlite and Postgres.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '../../common/constants';
import { notifyUser } from '../../server/notifications/notify';
import type { RealtimeMessage } from '../../server/realtime/bus';
import { webhookSecretFor } from '../../server/webhooks/secret';
import { DATABASE_KINDS } from '../helpers/databases';
import { ADMIN, ANALYST, PLAN_ADMIN, createTestApp, seededTokens, type TestApp } from '../helpers/app';

describe.each(DATABASE_KINDS)('settings, notifications, feedback and audit API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let planAdmin: string;
  let ids: { admin: string; analyst: string; planAdmin: string; northwind: string; harbour: string };
  const published: RealtimeMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ admin, analyst, planAdmin } = await seededTokens(t));
    const id = async (sql: string, value: string) => (await t.deps.db.one(sql, [value]))!.id as string;
    ids = {
      admin: await id('SELECT id FROM users WHERE email = $1', ADMIN.email),
      analyst: await id('SELECT id FROM users WHERE email = $1', ANALYST.email),
      planAdmin: await id('SELECT id FROM users WHERE email = $1', PLAN_ADMIN.email),
      northwind: await id('SELECT id FROM organisations WHERE slug = $1', 'northwind'),
      harbour: await id('SELECT id FROM organisations WHERE slug = $1', 'harbour'),
    };
    await t.deps.realtime.subscribe((m) => published.push(m));
  });
  afterAll(() => t?.close());

  describe('web hook secret key', () => {
    it("shows 'Permission Denied' without update_webhook_secret_key", async () => {
      for (const [method, url] of [
        ['GET', '/api/webhook-key'],
        ['POST', '/api/create-webhook-key'],
      ] as const) {
        const res = await t.call(method, url, { token: analyst, body: method === 'POST' ? { password: ANALYST.password } : undefined });
        expect(res.status).toBe(403);
        expect(res.body.error_message).toBe('Permission Denied');
      }
    });

    it('asks for the right password before generating a new key', async () => {
      const missing = await t.call('POST', '/api/create-webhook-key', { token: admin, body: {} });
      expect(missing.body).toMatchObject({ field: 'password', error_message: 'Password is required.' });
      const wrong = await t.call('POST', '/api/create-webhook-key', { token: admin, body: { password: 'not-my-password-1' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ field: 'password', error_message: 'Password is incorrect.' });
      expect(await webhookSecretFor(t.deps.db, ids.northwind)).toBeNull();
    });

    it("generates the organisation's key, shows it once, then only masked; a new one replaces it", async () => {
      expect((await t.call('GET', '/api/webhook-key', { token: admin })).body).toMatchObject({ has_key: false, masked_key: null });
      const first = await t.call('POST', '/api/create-webhook-key', { token: admin, body: { password: ADMIN.password }, ip: '10.70.0.1' });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ code: 'secret_key_updated', message: 'Secret Key Updated Successfully', created_by: 'Ada Administrator' });
      const secret: string = first.body.secret_key;
      expect(secret).toMatch(/^whsec_[\w-]{32}$/);
      expect(await webhookSecretFor(t.deps.db, ids.northwind)).toBe(secret);

      const shown = await t.call('GET', '/api/webhook-key', { token: admin });
      expect(shown.body.has_key).toBe(true);
      expect(shown.body.masked_key).toBe(`whsec_${'•'.repeat(16)}${secret.slice(-4)}`);
      expect(JSON.stringify(shown.body)).not.toContain(secret.slice(6, 20));

      const second = await t.call('POST', '/api/create-webhook-key', { token: admin, body: { password: ADMIN.password } });
      expect(second.body.secret_key).not.toBe(secret);
      expect(await webhookSecretFor(t.deps.db, ids.northwind)).toBe(second.body.secret_key);
      // Each organisation has its own.
      expect(await webhookSecretFor(t.deps.db, ids.harbour)).toBeNull();
      expect((await t.call('GET', '/api/webhook-key', { token: planAdmin })).body.has_key).toBe(false);

      const audit = await t.deps.db.query("SELECT * FROM audit_events WHERE action = 'webhook_secret.updated' ORDER BY id");
      expect(audit).toHaveLength(2);
      expect(audit[0]).toMatchObject({ actor_email: ADMIN.email, ip: '10.70.0.1', organisation_id: ids.northwind });
      expect(JSON.stringify(audit)).not.toContain(secret);
    });
  });

  describe('notifications', () => {
    const send = (userId: string, ref: string, organisationId = ids.northwind) =>
      notifyUser(t.deps, { organisation_id: organisationId, user_id: userId, kind: 'case_assigned', params: { ref, by: 'Ada Administrator' }, link: `/case/${ref}` });

    it('lists the user\'s own notifications newest first, with All and Unread and the unread count', async () => {
      await send(ids.analyst, 'AML-1');
      await send(ids.analyst, 'AML-2');
      // Two calls can fall within one clock tick: date the first a minute back so "newest first" has an answer.
      await t.deps.db.query("UPDATE notifications SET created_at = created_at - interval '1 minute' WHERE user_id = $1 AND params->>'ref' = 'AML-1'", [ids.analyst]);
      await send(ids.admin, 'AML-ADMIN');
      const all = await t.call('GET', '/api/notifications?page=1&page_size=10', { token: analyst });
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ total: 2, unread_count: 2 });
      expect(all.body.data.map((n: { params: { ref: string } }) => n.params.ref)).toEqual(['AML-2', 'AML-1']);
      expect(all.body.data[0]).toMatchObject({ kind: 'case_assigned', is_read: false, link: '/case/AML-2' });
      const unread = await t.call('GET', '/api/notifications?status=unread', { token: analyst });
      expect(unread.body.total).toBe(2);
      const bad = await t.call('GET', '/api/notifications?status=sometimes', { token: analyst });
      expect(bad.status).toBe(400);
    });

    it('is pushed live to the user and e-mailed when the user keeps e-mail notifications on', async () => {
      const since = t.smtp.messages.length;
      const before = published.length;
      await send(ids.analyst, 'AML-LIVE');
      // Earlier notifications may still be on their way; look for this one.
      const live = () =>
        published
          .slice(before)
          .find((m) => m.room === `user:${ids.analyst}` && m.event === SOCKET_EVENTS.notification && (m.payload as { params: { ref: string } }).params.ref === 'AML-LIVE')?.payload;
      await expect.poll(live).toMatchObject({ kind: 'case_assigned', params: { ref: 'AML-LIVE' }, is_read: false });
      const mail = await t.smtp.waitFor(ANALYST.email, { since, subject: /AML-LIVE/ });
      expect(mail.subject).toBe('Case AML-LIVE was assigned to you by Ada Administrator');
    });

    it('edit-notification marks one as read, all as read, and one as unread again; the other tabs hear of it', async () => {
      const list = await t.call('GET', '/api/notifications', { token: analyst });
      const target = list.body.data[0];
      const before = published.length;
      const one = await t.call('POST', '/api/edit-notification', { token: analyst, body: { notification_id: target.id } });
      expect(one.status).toBe(200);
      expect(one.body.notification).toMatchObject({ id: target.id, is_read: true });
      expect(one.body.unread_count).toBe(list.body.unread_count - 1);
      await expect
        .poll(() => published.slice(before).find((m) => m.room === `user:${ids.analyst}` && m.event === SOCKET_EVENTS.notificationsChanged)?.payload)
        .toEqual({ unread_count: list.body.unread_count - 1 });
      const unreadList = await t.call('GET', '/api/notifications?status=unread', { token: analyst });
      expect(unreadList.body.data.map((n: { id: string }) => n.id)).not.toContain(target.id);

      const all = await t.call('POST', '/api/edit-notification', { token: analyst, body: { all: true } });
      expect(all.body.unread_count).toBe(0);
      const again = await t.call('POST', '/api/edit-notification', { token: analyst, body: { notification_id: target.id, is_read: false } });
      expect(again.body).toMatchObject({ notification: { is_read: false }, unread_count: 1 });
      // The administrator's notification was not touched by the analyst's "all".
      expect((await t.call('GET', '/api/notifications', { token: admin })).body.unread_count).toBeGreaterThan(0);
    });

    it("answers 404 for someone else's notification and 400 when neither an id nor all is given", async () => {
      const theirs = (await t.call('GET', '/api/notifications', { token: admin })).body.data[0].id;
      for (const id of [theirs, 'garbage']) {
        const res = await t.call('POST', '/api/edit-notification', { token: analyst, body: { notification_id: id } });
        expect(res.status).toBe(404);
      }
      expect((await t.call('GET', '/api/notifications', { token: admin })).body.data[0].is_read).toBe(false);
      const none = await t.call('POST', '/api/edit-notification', { token: analyst, body: {} });
      expect(none.body).toMatchObject({ field: 'notification_id', error_message: 'Required field.' });
    });

    it('never notifies across organisations', async () => {
      expect(await send(ids.planAdmin, 'AML-X', ids.northwind)).toBeNull();
      expect((await t.call('GET', '/api/notifications', { token: planAdmin })).body.total).toBe(0);
    });
  });

  describe('customer-feedback', () => {
    it('answers each validation message and stores nothing', async () => {
      const cases: [unknown, string][] = [
        [{}, 'Please share your feedback'],
        [{ feedback: '    ' }, 'Please share your feedback'],
        [{ feedback: 'ok' }, 'Minimum 3 characters required'],
        [{ feedback: '  ok  ' }, 'Minimum 3 characters required'],
        [{ feedback: 'x'.repeat(513) }, 'Maximum 512 characters allowed'],
      ];
      for (const [body, message] of cases) {
        const res = await t.call('POST', '/api/customer-feedback', { token: analyst, body });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ field: 'feedback', error_message: message });
      }
      expect((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM feedback'))!.n).toBe(0);
    });

    it("stores feedback with its sender and screen, tells the administrators, and shows it only to them", async () => {
      const before = published.length;
      const res = await t.call('POST', '/api/customer-feedback', { token: analyst, body: { feedback: 'x'.repeat(512), page: '/manage-case' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 'feedback_submitted', message: 'Feedback submitted successfully' });
      await t.call('POST', '/api/customer-feedback', { token: analyst, body: { feedback: 'The search is quick', page: 'javascript:alert(1)' } });

      const list = await t.call('GET', '/api/customer-feedback', { token: admin });
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(2);
      expect(list.body.data[0]).toMatchObject({ message: 'The search is quick', user_name: 'Alex Analyst', user_email: ANALYST.email, page: null });
      expect(list.body.data[1]).toMatchObject({ page: '/manage-case' });
      expect((await t.call('GET', '/api/customer-feedback', { token: analyst })).status).toBe(403);
      expect((await t.call('GET', '/api/customer-feedback', { token: planAdmin })).body.total).toBe(0);

      await expect
        .poll(() => published.slice(before).filter((m) => m.room === `user:${ids.admin}` && m.event === SOCKET_EVENTS.notification).length)
        .toBe(2);
      const note = (await t.call('GET', '/api/notifications', { token: admin })).body.data.find((n: { kind: string }) => n.kind === 'feedback_received');
      expect(note).toMatchObject({ params: { name: 'Alex Analyst' }, link: '/audit-history?tab=feedback' });
    });
  });

  describe('audit history', () => {
    it('is for administrators (view_audit_history) only', async () => {
      for (const url of ['/api/audit-history', '/api/download-audit-history']) {
        const res = await t.call('GET', url, { token: analyst });
        expect(res.status).toBe(403);
        expect(res.body.error_message).toBe('Permission Denied');
      }
    });

    it('lists sign-ins, user and role changes and key changes with actor, time and address, newest first', async () => {
      await t.call('POST', '/api/login', { body: ANALYST, ip: '10.80.0.9' });
      await t.call('POST', '/api/create-role', { token: admin, body: { name: 'Audited role', permissions: ['view_dashboard'] }, ip: '10.80.0.10' });
      const res = await t.call('GET', '/api/audit-history?page=1&page_size=100', { token: admin });
      expect(res.status).toBe(200);
      const actions = res.body.data.map((e: { action: string }) => e.action);
      expect(actions).toEqual(expect.arrayContaining(['auth.login', 'role.created', 'webhook_secret.updated']));
      const stamps = res.body.data.map((e: { created_at: string }) => e.created_at);
      expect([...stamps].sort().reverse()).toEqual(stamps);
      const role = res.body.data.find((e: { action: string }) => e.action === 'role.created');
      expect(role).toMatchObject({ actor: { name: 'Ada Administrator', email: ADMIN.email }, ip: '10.80.0.10', target: { type: 'role' }, details: { name: 'Audited role' } });
      const login = res.body.data.find((e: { action: string; ip: string }) => e.action === 'auth.login' && e.ip === '10.80.0.9');
      expect(login.actor.email).toBe(ANALYST.email);
      // Another organisation's trail stays out.
      const theirs = await t.call('GET', '/api/audit-history?page_size=100', { token: planAdmin });
      expect(theirs.body.data.every((e: { actor: { email: string } }) => e.actor.email === PLAN_ADMIN.email)).toBe(true);
    });

    it('filters by category, actor and days, and validates the dates', async () => {
      const roles = await t.call('GET', '/api/audit-history?category=roles', { token: admin });
      expect(roles.body.data.length).toBeGreaterThan(0);
      expect(roles.body.data.every((e: { action: string }) => e.action.startsWith('role.'))).toBe(true);
      const signIns = await t.call('GET', '/api/audit-history?category=sign_in&actor=alex', { token: admin });
      expect(signIns.body.data.length).toBeGreaterThan(0);
      expect(signIns.body.data.every((e: { action: string; actor: { email: string } }) => e.action === 'auth.login' && e.actor.email === ANALYST.email)).toBe(true);
      const keys = await t.call('GET', '/api/audit-history?category=keys', { token: admin });
      // The two secret key changes made above, and the seeded API key's creation and last use.
      expect(keys.body.total).toBe(4);
      expect(keys.body.data.map((e: { action: string }) => e.action).sort()).toEqual(['api_key.created', 'api_key.used', 'webhook_secret.updated', 'webhook_secret.updated']);

      const today = new Date().toISOString().slice(0, 10);
      const ranged = await t.call('GET', `/api/audit-history?from=${today}&to=${today}&tz_offset=0`, { token: admin });
      expect(ranged.body.total).toBeGreaterThan(0);
      const past = await t.call('GET', '/api/audit-history?from=2020-01-01&to=2020-01-31', { token: admin });
      expect(past.body.total).toBe(0);
      const checks: [string, string, string][] = [
        ['from=2024-13-01', 'from', 'Invalid month.'],
        ['to=yesterday', 'to', 'Invalid format.'],
        ['from=2024-02-30', 'from', 'Invalid day.'],
        ['to=2999-01-01', 'to', 'Future dates are not allowed.'],
        ['from=2024-05-02&to=2024-05-01', 'from', 'The start date must not be after the end date.'],
      ];
      for (const [query, field, message] of checks) {
        const res = await t.call('GET', `/api/audit-history?${query}`, { token: admin });
        expect(res.status, query).toBe(400);
        expect(res.body, query).toMatchObject({ field, error_message: message });
      }
    });

    it('exports the filtered trail as CSV that a spreadsheet cannot run', async () => {
      await t.call('POST', '/api/login', { body: ANALYST, ip: '10.80.0.11', headers: { 'user-agent': '=HYPERLINK("http://evil.test")' } });
      const res = await t.call('GET', '/api/download-audit-history?category=sign_in', { token: admin });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-history-\d{4}-\d{2}-\d{2}\.csv"$/);
      const text = String(res.body).replace(/^\uFEFF/, '');
      const parsed = Papa.parse<string[]>(text.trim());
      expect(parsed.data[0]).toEqual(['time', 'actor_name', 'actor_email', 'action', 'target_type', 'target_id', 'ip_address', 'user_agent', 'details']);
      const rows = parsed.data.slice(1);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r[3] === 'auth.login')).toBe(true);
      const evil = rows.find((r) => r[6] === '10.80.0.11');
      expect(evil![7]).toBe(`'=HYPERLINK("http://evil.test")`);
      expect(evil![2]).toBe(ANALYST.email);
    });
  });
});
