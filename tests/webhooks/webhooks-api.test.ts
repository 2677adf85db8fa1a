/**
 * The web hook calls and deliveries on PGlite and Postgres (docs/webhooks.md): validation messages,
 * permissions, another organisation's web hooks and deliveries, and a receiver on 127.0.0.1 (allowed by
 * OUTBOUND_ALLOW) that verifies every delivery with the standardwebhooks package: every event type arrives
 * signed; a receiver failing three times gets the event on the fourth attempt; Retry-After; 410 Gone; an
 * endpoint that keeps failing is disabled and the administrators told; replay; the rotation grace period;
 * and every refused address kind, at delivery and after a redirect, in an app without the allow-list.
 * The retry schedule is shortened to seconds (WEBHOOK_RETRY_SCHEDULE) so the retries run in the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_FAILING_DELIVERIES } from '../../common/webhooks';
import { runAmlMonitoringPass } from '../../server/cases/monitoring';
import { runMonitoringDigests } from '../../server/cases/monitoring-digest';
import { insertRole, insertUser } from '../../server/organisations/create';
import { WEBHOOK_EVENTS } from '../../server/webhooks/catalogue';
import { ADMIN, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';
import { DATABASE_KINDS } from '../helpers/databases';
import { multipart } from '../cases/multipart';
import { eventually, startReceiver, type Receiver } from './receiver';

const LISTED = 'Ayman al-Zawahri';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A value's shape against a catalogue schema: required fields present, types as declared (enough to catch drift). */
function schemaProblems(schema: any, value: any, at = 'data'): string[] {
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const typeOf = (v: any) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
  const actual = typeOf(value);
  if (types.length && !types.includes(actual) && !(actual === 'integer' && types.includes('number'))) return [`${at} is ${actual}, expected ${types.join('|')}`];
  if (schema.enum && !schema.enum.includes(value)) return [`${at} = ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`];
  const problems: string[] = [];
  if (actual === 'object') {
    for (const key of schema.required ?? []) if (!(key in value)) problems.push(`${at}.${key} is missing`);
    for (const [key, sub] of Object.entries<any>(schema.properties ?? {})) if (key in value) problems.push(...schemaProblems(sub, value[key], `${at}.${key}`));
  }
  if (actual === 'array' && schema.items) value.forEach((v: any, i: number) => problems.push(...schemaProblems(schema.items, v, `${at}[${i}]`)));
  return problems;
}

describe.each(DATABASE_KINDS)('web hooks on %s', (kind) => {
  let t: TestApp;
  let receiver: Receiver;
  let admin: string;
  let viewer: string;
  let nobody: string;
  let northwindId: string;
  let harbourId: string;
  let harbourHook: string;
  let harbourDelivery: string;
  let secret: string;
  let serial = 0;

  const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
  const create = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/webhook', { token, body });
  /** A web hook to the receiver's path, made through the API; answers its id. */
  async function hook(path: string, type: 'update' | 'status_change' = 'update') {
    const res = await create({ name: `Receiver ${++serial}`, endpoint: `${receiver.url}${path}`, type });
    expect(code(res), JSON.stringify(res.body)).toBe('201 webhook_created');
    return res.body.webhook._id as string;
  }
  const test = (webhookId: string, token = admin) => t.call('POST', '/api/test-webhook', { token, body: { webhook_id: webhookId } });
  const detail = async (deliveryId: string) => (await t.call('GET', `/api/webhook-delivery/${deliveryId}`, { token: admin })).body;
  /** Waits until the delivery is no longer pending; answers its detail. */
  const settled = (deliveryId: string, timeoutMs = 20_000) =>
    eventually(async () => {
      const d = await detail(deliveryId);
      return d.status !== 'pending' ? d : null;
    }, timeoutMs, `delivery ${deliveryId} settling`);
  const rotate = async () => {
    const res = await t.call('POST', '/api/create-webhook-key', { token: admin, body: { password: ADMIN.password } });
    expect(code(res)).toBe('200 secret_key_updated');
    return res.body.secret_key as string;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp(kind, { outboundAllow: '127.0.0.1', webhookRetrySchedule: [0, 1, 1, 1] });
    // Deliveries run as they do in a server: the queue's workers poll for due jobs.
    await t.deps.jobs.work({ pollingSeconds: 0.5 });
    admin = await t.login(ADMIN);
    const db = t.deps.db;
    northwindId = (await db.one("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    harbourId = (await db.one("SELECT id FROM organisations WHERE slug = 'harbour'"))!.id;
    const viewerRole = await insertRole(db, northwindId, 'Hook viewers', ['view_webhooks']);
    await insertUser(db, { organisationId: northwindId, roleId: viewerRole, name: 'Vera Viewer', email: 'hook.viewer@example.com', password: 'Viewer-2026!' });
    viewer = await t.login({ email: 'hook.viewer@example.com', password: 'Viewer-2026!' });
    const noneRole = await insertRole(db, northwindId, 'No hooks', ['view_case']);
    await insertUser(db, { organisationId: northwindId, roleId: noneRole, name: 'Nick Nohooks', email: 'no.hooks@example.com', password: 'Nohooks-2026!' });
    nobody = await t.login({ email: 'no.hooks@example.com', password: 'Nohooks-2026!' });
    harbourHook = (await db.one<{ id: string }>(`INSERT INTO webhooks (organisation_id, name, endpoint, type) VALUES ($1, 'Harbour hook', 'https://harbour.example/hook', 'update') RETURNING id`, [harbourId]))!.id;
    harbourDelivery = (await db.one<{ id: string }>(
      `INSERT INTO webhook_deliveries (organisation_id, webhook_id, event_id, event_type, body, status, attempts) VALUES ($1, $2, 'msg_harbour', 'webhook.test', '{}', 'delivered', 1) RETURNING id`,
      [harbourId, harbourHook],
    ))!.id;
    secret = await rotate();
    receiver.keys.current = secret;
    await t.deps.screening.ready();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  describe('the calls', () => {
    it('refuses each invalid field with its message, on its field, and writes nothing', async () => {
      const before = (await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM webhooks'))!.n;
      const ok = { name: 'Case feed', endpoint: 'https://hooks.example.com/aml', type: 'update' };
      const cases: [Record<string, unknown>, string, string, string][] = [
        [{ ...ok, name: undefined }, '400 required', 'name', 'Required field.'],
        [{ ...ok, name: '    ' }, '400 required', 'name', 'Required field.'],
        [{ ...ok, name: 'A' }, '400 integration_name_length', 'name', 'Name must be 2 to 50 characters.'],
        [{ ...ok, name: 'x'.repeat(51) }, '400 integration_name_length', 'name', 'Name must be 2 to 50 characters.'],
        [{ ...ok, name: '<script>alert(1)</script>' }, '400 integration_name_characters', 'name', 'Name must not contain special characters.'],
        [{ ...ok, endpoint: undefined }, '400 required', 'endpoint', 'Required field.'],
        [{ ...ok, endpoint: 'not a url' }, '400 webhook_endpoint_invalid', 'endpoint', 'Please enter a valid URL starting with http:// or https://.'],
        [{ ...ok, endpoint: 'ftp://hooks.example.com/' }, '400 webhook_endpoint_invalid', 'endpoint', 'Please enter a valid URL starting with http:// or https://.'],
        [{ ...ok, endpoint: 'javascript:alert(1)' }, '400 webhook_endpoint_invalid', 'endpoint', 'Please enter a valid URL starting with http:// or https://.'],
        [{ ...ok, endpoint: 'https://hooks.example.com/a b' }, '400 webhook_endpoint_invalid', 'endpoint', 'Please enter a valid URL starting with http:// or https://.'],
        [{ ...ok, endpoint: `https://hooks.example.com/${'a'.repeat(1000)}` }, '400 webhook_endpoint_length', 'endpoint', 'The URL must be at most 1000 characters.'],
        [{ ...ok, type: undefined }, '400 webhook_type_required', 'type', 'Please choose a web hook type.'],
        [{ ...ok, type: 'everything' }, '400 webhook_type_required', 'type', 'Please choose a web hook type.'],
      ];
      for (const [body, expected, field, message] of cases) {
        const res = await create(Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)));
        expect(code(res), JSON.stringify(body)).toBe(expected);
        expect(res.body.field, JSON.stringify(body)).toBe(field);
        expect(res.body.error_message, JSON.stringify(body)).toBe(message);
      }
      // A name the rule accepts once trimmed, padded past the raw bound, is still refused.
      expect((await create({ ...ok, name: `Padded${' '.repeat(300)}` })).body).toMatchObject({ code: 'text_too_long', field: 'name' });
      expect((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM webhooks'))!.n).toBe(before);
    });

    it('creates, lists (with the seeded one), disables, enables and deletes, each in the audit history', async () => {
      const { body, headers } = multipart({ name: '  CRM feed (EU)  ', endpoint: ' https://crm.example.com/hooks/aml?src=aml ', type: 'status_change' });
      const res = await t.call('POST', '/api/webhook', { token: admin, body, headers });
      expect(code(res), JSON.stringify(res.body)).toBe('201 webhook_created');
      expect(res.body.message).toBe('Web hook CRM feed (EU) created.');
      const created = res.body.webhook;
      expect(created).toMatchObject({
        name: 'CRM feed (EU)',
        endpoint: 'https://crm.example.com/hooks/aml?src=aml',
        type: 'status_change',
        status: 'active',
        disabled_at: null,
        disabled_reason: null,
        last_delivery: null,
        created_by: { name: 'Ada Administrator' },
      });
      const list = await t.call('GET', '/api/webhook?page=1&page_size=100', { token: viewer });
      expect(code(list)).toBe('200');
      expect(list.body).toMatchObject({ page: 1, page_size: 100 });
      expect(list.body.data[0]).toEqual(created);
      const seeded = list.body.data.find((w: any) => w.name === 'Case management system');
      expect(seeded).toMatchObject({ status: 'disabled', disabled_reason: 'manual', last_delivery: { status: 'delivered' } });
      expect(list.body.data.map((w: any) => w.name)).not.toContain('Harbour hook');

      const disabled = await t.call('POST', `/api/webhook/${created._id}/disable`, { token: admin });
      expect(code(disabled)).toBe('200 webhook_disabled');
      expect(disabled.body.webhook).toMatchObject({ status: 'disabled', disabled_reason: 'manual' });
      expect(code(await test(created._id))).toBe('409 webhook_inactive');
      const enabled = await t.call('POST', `/api/webhook/${created._id}/enable`, { token: admin });
      expect(enabled.body.webhook).toMatchObject({ status: 'active', disabled_reason: null, disabled_at: null });

      const deleted = await t.call('DELETE', `/api/webhook/${created._id}`, { token: admin });
      expect(code(deleted)).toBe('200 webhook_deleted');
      expect(code(await t.call('DELETE', `/api/webhook/${created._id}`, { token: admin }))).toBe('404 not_found');
      const actions = (await t.deps.db.query("SELECT action FROM audit_events WHERE target_id = $1 ORDER BY created_at, id", [created._id])).map((a) => a.action);
      expect(actions).toEqual(['webhook.created', 'webhook.disabled', 'webhook.enabled', 'webhook.deleted']);
    });

    it('needs view_webhooks to see, create_webhooks to create, test and replay, delete_webhooks to delete', async () => {
      const id = await hook('/permissions');
      expect(code(await t.call('GET', '/api/webhook', { token: nobody }))).toBe('403 permission_denied');
      expect(code(await t.call('GET', `/api/webhook/${id}/deliveries`, { token: nobody }))).toBe('403 permission_denied');
      expect(code(await t.call('GET', '/api/webhook', { token: viewer }))).toBe('200');
      expect(code(await t.call('GET', `/api/webhook/${id}/deliveries`, { token: viewer }))).toBe('200');
      expect(code(await create({ name: 'Viewer hook', endpoint: 'https://x.example/', type: 'update' }, viewer))).toBe('403 permission_denied');
      expect(code(await test(id, viewer))).toBe('403 permission_denied');
      expect(code(await t.call('POST', `/api/webhook/${id}/disable`, { token: viewer }))).toBe('403 permission_denied');
      expect(code(await t.call('DELETE', `/api/webhook/${id}`, { token: viewer }))).toBe('403 permission_denied');
      const seededDelivery = (await t.deps.db.one("SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.name = 'Case management system' LIMIT 1"))!.id;
      expect(code(await t.call('GET', `/api/webhook-delivery/${seededDelivery}`, { token: viewer }))).toBe('200');
      expect(code(await t.call('POST', `/api/webhook-delivery/${seededDelivery}/replay`, { token: viewer }))).toBe('403 permission_denied');
    });

    it("answers another organisation's web hook and delivery as unknown ones: 404, nothing changed, nothing sent", async () => {
      for (const id of [harbourHook, UNKNOWN_ID, 'not-a-uuid']) {
        expect(code(await t.call('GET', `/api/webhook/${id}/deliveries`, { token: admin })), id).toBe('404 not_found');
        expect(code(await t.call('DELETE', `/api/webhook/${id}`, { token: admin })), id).toBe('404 not_found');
        expect(code(await t.call('POST', `/api/webhook/${id}/disable`, { token: admin })), id).toBe('404 not_found');
        expect(code(await test(id)), id).toBe('404 not_found');
      }
      for (const id of [harbourDelivery, UNKNOWN_ID]) {
        expect(code(await t.call('GET', `/api/webhook-delivery/${id}`, { token: admin })), id).toBe('404 not_found');
        expect(code(await t.call('POST', `/api/webhook-delivery/${id}/replay`, { token: admin })), id).toBe('404 not_found');
      }
      expect(await t.deps.db.one('SELECT status FROM webhooks WHERE id = $1', [harbourHook])).toEqual({ status: 'active' });
      expect((await t.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE organisation_id = $1', [harbourId]))!.n).toBe(1);
    });
  });

  it('refuses a test before the organisation has a secret key, which every delivery is signed with', async () => {
    // Harbour has never generated one.
    const planAdmin = await t.login(PLAN_ADMIN);
    const made = await t.call('POST', '/api/webhook', { token: planAdmin, body: { name: 'Unsigned feed', endpoint: `${receiver.url}/unsigned`, type: 'update' } });
    expect(code(made)).toBe('201 webhook_created');
    // The list tells the screen so, which warns before anything is sent.
    expect((await t.call('GET', '/api/webhook', { token: planAdmin })).body.has_secret_key).toBe(false);
    expect((await t.call('GET', '/api/webhook', { token: admin })).body.has_secret_key).toBe(true);
    const refused = await test(made.body.webhook._id, planAdmin);
    expect(code(refused)).toBe('409 webhook_secret_missing');
    expect((await t.call('GET', `/api/webhook/${made.body.webhook._id}/deliveries`, { token: planAdmin })).body.total).toBe(0);
  });

  describe('deliveries', () => {
    it('sends every event type signed as Standard Webhooks says; update endpoints get them all, status-change endpoints only status changes', async () => {
      const all = await hook('/all');
      const statuses = await hook('/statuses', 'status_change');
      // The monitoring configuration offers the web hooks channel now that an active web hook exists.
      const settings = await t.call('GET', '/api/get-ongoing-monitoring-settings', { token: admin });
      expect(settings.body.webhooks_available).toBe(true);
      expect(code(await t.call('POST', '/api/update-ongoing-monitoring-settings', { token: admin, body: { duration: '365', alert_frequency: 'daily', channels: ['in_app', 'webhooks'] } }))).toBe(
        '200 monitoring_settings_updated',
      );

      expect(code(await test(all))).toBe('200 webhook_test_sent');
      // case.created
      const made = await t.call('POST', '/api/search', { token: admin, body: { search_term: LISTED, entity_type: 'person', aml_monitoring: 'true', client_reference: 'HOOK-1' } });
      expect(made.status).toBe(200);
      const reference = made.body.reference as string;
      // case.updated and case.status_changed
      expect(code(await t.call('POST', '/api/decision-review', { token: admin, body: { references: [reference], case_status: 'Failed', comment: 'Confirmed by the hook test' } }))).toBe('200 decision_saved');
      // monitoring.change_found: a hit the case lost is found again by the check.
      const caseId = (await t.deps.db.one('SELECT id FROM cases WHERE reference = $1 AND organisation_id = $2', [reference, northwindId]))!.id;
      await t.deps.db.query('DELETE FROM case_hits WHERE id = (SELECT id FROM case_hits WHERE case_id = $1 ORDER BY position DESC LIMIT 1)', [caseId]);
      await t.deps.db.query(`UPDATE cases SET lists_version = '{}'::jsonb WHERE id = $1`, [caseId]);
      expect((await runAmlMonitoringPass(t.deps)).new_hits).toBeGreaterThanOrEqual(1);
      // monitoring.alert: the digest of the web hooks channel.
      expect((await runMonitoringDigests(t.deps, { now: new Date(Date.now() + 2 * 86_400_000) })).organisations).toBe(1);
      // bulk_batch.finished
      const csv = Buffer.from(`Name,Entity Type\r\n${LISTED},person\r\nQuentin Zorblaxington,person\r\n`);
      const upload = multipart({ file: { filename: 'hooks.csv', type: 'text/csv', data: csv } });
      const checked = await t.call('POST', '/api/validate-search-batch', { token: admin, body: upload.body, headers: upload.headers });
      expect(code(checked)).toBe('200');
      expect(code(await t.call('POST', '/api/create-search-batch', { token: admin, body: { upload_id: checked.body.upload_id, name: 'Hook batch' } }))).toBe('201 batch_started');

      const types = WEBHOOK_EVENTS.map((e) => e.type);
      for (const type of types) await receiver.waitFor((r) => r.path === '/all' && JSON.parse(r.body).type === type, 30_000);
      const toAll = receiver.requests.filter((r) => r.path === '/all');
      for (const r of toAll) {
        const event = JSON.parse(r.body);
        expect(r.verified.current, `${event.type} verifies with the organisation's key`).toMatchObject({ ok: true });
        expect(r.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
        expect(Number(r.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 120);
        expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
        expect(r.headers['content-type']).toBe('application/json');
        const entry = WEBHOOK_EVENTS.find((e) => e.type === event.type)!;
        expect(schemaProblems(entry.dataSchema, event.data), event.type).toEqual([]);
        expect(Date.parse(event.timestamp)).toBeGreaterThan(Date.now() - 120_000);
      }
      const byType = (type: string) => JSON.parse(toAll.find((r) => JSON.parse(r.body).type === type)!.body).data;
      expect(byType('case.created')).toMatchObject({ reference, search_term: LISTED, client_reference: 'HOOK-1', created_by: { name: 'Ada Administrator' } });
      expect(byType('case.status_changed')).toMatchObject({ reference, to: 'Failed' });
      expect(byType('case.updated')).toMatchObject({ reference, changes: { case_status: { from: byType('case.created').case_status, to: 'Failed' }, comment_added: true } });
      expect(byType('monitoring.change_found')).toMatchObject({ reference, new_hits: 1 });
      expect(byType('monitoring.alert').cases).toEqual(expect.arrayContaining([expect.objectContaining({ reference, new_hits: 1 })]));
      expect(byType('bulk_batch.finished')).toMatchObject({ name: 'Hook batch', total_count: 2 });

      // The status-change endpoint got the status change only.
      await receiver.waitFor((r) => r.path === '/statuses');
      const toStatuses = receiver.requests.filter((r) => r.path === '/statuses').map((r) => JSON.parse(r.body).type);
      expect(toStatuses).toEqual(['case.status_changed']);
      // The status change went to both endpoints as one event: the same webhook-id.
      const statusIds = receiver.requests.filter((r) => JSON.parse(r.body).type === 'case.status_changed').map((r) => r.headers['webhook-id']);
      expect(new Set(statusIds).size).toBe(1);

      // The delivery log shows each with its one 200 attempt; the list shows the last delivery.
      // Recorded a moment after the receiver answered.
      const deliveries = await eventually(async () => {
        const page = await t.call('GET', `/api/webhook/${all}/deliveries?page_size=50`, { token: admin });
        return page.body.data.every((d: any) => d.status !== 'pending') ? page : null;
      });
      expect(deliveries.body.total).toBe(types.length);
      for (const d of deliveries.body.data) expect(d).toMatchObject({ webhook_id: all, status: 'delivered', attempts: 1, last_status_code: 200, next_attempt_at: null });
      const one = await detail(deliveries.body.data[0]._id);
      expect(one.attempt_log).toEqual([{ attempt: 1, at: expect.any(String), status_code: 200, duration_ms: expect.any(Number), response_excerpt: '{"received":true}', error: null }]);
      expect(one.payload.type).toBe(one.event_type);
      const listed = (await t.call('GET', '/api/webhook?page_size=100', { token: admin })).body.data.find((w: any) => w._id === all);
      expect(listed.last_delivery).toMatchObject({ status: 'delivered' });
      await t.call('POST', '/api/update-ongoing-monitoring-settings', { token: admin, body: { duration: '365', alert_frequency: 'daily', channels: ['in_app'] } });
      for (const id of [all, statuses]) await t.call('DELETE', `/api/webhook/${id}`, { token: admin });
    }, 90_000);

    it('retries a receiver that fails three times: it gets the event on the fourth attempt, and the log shows four attempts', async () => {
      receiver.script('/flaky', (n) => (n < 3 ? { status: 500, body: `{"error":"down ${n + 1}"}` } : { status: 200, body: 'ok' }));
      const id = await hook('/flaky');
      const sent = await test(id);
      expect(sent.body.delivery).toMatchObject({ status: 'pending', attempts: 0, event_type: 'webhook.test' });
      const done = await settled(sent.body.delivery._id);
      expect(done).toMatchObject({ status: 'delivered', attempts: 4, last_status_code: 200 });
      expect(done.attempt_log.map((a: any) => [a.attempt, a.status_code, a.response_excerpt])).toEqual([
        [1, 500, '{"error":"down 1"}'],
        [2, 500, '{"error":"down 2"}'],
        [3, 500, '{"error":"down 3"}'],
        [4, 200, 'ok'],
      ]);
      const got = receiver.requests.filter((r) => r.path === '/flaky');
      expect(got).toHaveLength(4);
      // One event: the same id and body every time, signed afresh.
      expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(new Set(got.map((r) => r.body)).size).toBe(1);
      for (const r of got) expect(r.verified.current).toMatchObject({ ok: true });
      // The schedule's waits (1 s each here) separate the attempts.
      for (let i = 1; i < 4; i++) expect(got[i].at - got[i - 1].at).toBeGreaterThanOrEqual(900);
    }, 30_000);

    it('waits as long as Retry-After asks before the next attempt', async () => {
      receiver.script('/busy', (n) => (n === 0 ? { status: 429, headers: { 'retry-after': '3' }, body: 'slow down' } : { status: 200 }));
      const id = await hook('/busy');
      const done = await settled((await test(id)).body.delivery._id);
      expect(done).toMatchObject({ status: 'delivered', attempts: 2 });
      const got = receiver.requests.filter((r) => r.path === '/busy');
      expect(got[1].at - got[0].at).toBeGreaterThanOrEqual(2900);
    }, 30_000);

    it('disables an endpoint that answers 410 Gone, stops, and tells the administrators', async () => {
      receiver.script('/gone', () => ({ status: 410, body: 'gone for good' }));
      const id = await hook('/gone');
      const done = await settled((await test(id)).body.delivery._id);
      expect(done).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 410 });
      const view = (await t.call('GET', '/api/webhook?page_size=100', { token: admin })).body.data.find((w: any) => w._id === id);
      expect(view).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
      expect(receiver.requests.filter((r) => r.path === '/gone')).toHaveLength(1);
      const note = await eventually(() => t.deps.db.one("SELECT params, link FROM notifications WHERE kind = 'webhook_disabled' AND params->>'reason' = 'gone' AND organisation_id = $1", [northwindId]));
      expect(note).toMatchObject({ params: { name: view.name, reason: 'gone' }, link: '/web-hooks' });
    }, 30_000);

    it(`disables an endpoint after ${WEBHOOK_FAILING_DELIVERIES} failed deliveries in a row and tells the administrators`, async () => {
      receiver.script('/broken', () => ({ status: 500, body: 'broken' }));
      const id = await hook('/broken');
      const sent = [];
      for (let i = 0; i < WEBHOOK_FAILING_DELIVERIES; i++) sent.push((await test(id)).body.delivery._id);
      for (const d of sent) expect(await settled(d, 30_000)).toMatchObject({ status: 'failed', attempts: 4 });
      const view = (await t.call('GET', '/api/webhook?page_size=100', { token: admin })).body.data.find((w: any) => w._id === id);
      expect(view).toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
      expect(await t.deps.db.one("SELECT params FROM notifications WHERE kind = 'webhook_disabled' AND params->>'reason' = 'failing' AND organisation_id = $1", [northwindId])).toMatchObject({
        params: { name: view.name, reason: 'failing' },
      });
      // A failure on an enabled endpoint starts a new run.
      await t.call('POST', `/api/webhook/${id}/enable`, { token: admin });
      expect((await t.deps.db.one('SELECT consecutive_failures FROM webhooks WHERE id = $1', [id]))!.consecutive_failures).toBe(0);
    }, 60_000);

    it('replays a delivery as a new delivery of the same event with its own attempts', async () => {
      const id = await hook('/replay');
      const first = await settled((await test(id)).body.delivery._id);
      const replay = await t.call('POST', `/api/webhook-delivery/${first._id}/replay`, { token: admin });
      expect(code(replay)).toBe('200 webhook_delivery_replayed');
      expect(replay.body.delivery._id).not.toBe(first._id);
      const again = await settled(replay.body.delivery._id);
      expect(again).toMatchObject({ status: 'delivered', attempts: 1, event_id: first.event_id, event_type: 'webhook.test' });
      expect(again.payload).toEqual(first.payload);
      const got = receiver.requests.filter((r) => r.path === '/replay');
      expect(got).toHaveLength(2);
      expect(got[1].headers['webhook-id']).toBe(got[0].headers['webhook-id']);
      expect(got[1].body).toBe(got[0].body);
      expect(await t.deps.db.one("SELECT action FROM audit_events WHERE action = 'webhook.delivery_replayed' AND target_id = $1", [first._id])).toBeTruthy();
    }, 30_000);

    it('signs with both keys during the grace period after a rotation, so a receiver with either key verifies', async () => {
      const id = await hook('/rotation');
      const old = secret;
      secret = await rotate();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
      const key = (await t.call('GET', '/api/webhook-key', { token: admin })).body;
      expect(Date.parse(key.previous_valid_until)).toBeGreaterThan(Date.now() + 23.9 * 3600_000);
      expect(Date.parse(key.previous_valid_until)).toBeLessThan(Date.now() + 24.1 * 3600_000);
      receiver.keys.old = old;
      receiver.keys.current = secret;
      await settled((await test(id)).body.delivery._id);
      const during = receiver.requests.filter((r) => r.path === '/rotation').at(-1)!;
      expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(during.verified.old).toMatchObject({ ok: true });
      expect(during.verified.current).toMatchObject({ ok: true });

      // Once the grace period is over, only the new key signs.
      await t.deps.db.query("UPDATE webhook_secret_keys SET previous_valid_until = now() - interval '1 second' WHERE organisation_id = $1", [northwindId]);
      expect((await t.call('GET', '/api/webhook-key', { token: admin })).body.previous_valid_until).toBeNull();
      await settled((await test(id)).body.delivery._id);
      const after = receiver.requests.filter((r) => r.path === '/rotation').at(-1)!;
      expect(after.verified.current).toMatchObject({ ok: true });
      expect(after.verified.old).toMatchObject({ ok: false });
      delete receiver.keys.old;
      // The standardwebhooks package reads the key as base64 after whsec_: the key is that.
      expect(() => new Webhook(secret)).not.toThrow();
    }, 30_000);

    it('refuses an endpoint that redirects to a refused address, and logs why', async () => {
      const targets = ['http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', `http://[::1]:${receiver.port}/all`, `http://2130706434:${receiver.port}/all`];
      const sent: [string, string][] = [];
      for (const [i, target] of targets.entries()) {
        receiver.script(`/redirect-${i}`, () => ({ status: 302, headers: { location: target } }));
        sent.push([target, (await test(await hook(`/redirect-${i}`))).body.delivery._id]);
      }
      // Retried on the schedule like any failure (an address may change), and refused every time.
      for (const [target, id] of sent) {
        const done = await settled(id);
        expect(done.status, target).toBe('failed');
        for (const a of done.attempt_log) expect(a, target).toMatchObject({ status_code: null, error: expect.stringMatching(/^refused_address: /) });
      }
    }, 60_000);
  });
});

describe.each(DATABASE_KINDS)('outbound safety of deliveries on %s, without the allow-list', (kind) => {
  let t: TestApp;
  let receiver: Receiver;
  let admin: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp(kind, { outboundAllow: '', webhookRetrySchedule: [0] });
    await t.deps.jobs.work({ pollingSeconds: 0.5 });
    admin = await t.login(ADMIN);
    await t.call('POST', '/api/create-webhook-key', { token: admin, body: { password: ADMIN.password } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('accepts any http(s) endpoint when it is registered, and refuses each private, loopback, link-local, unique-local and metadata address when it delivers', async () => {
    const p = receiver.port;
    const endpoints = [
      `http://127.0.0.1:${p}/`,
      `http://localhost:${p}/`,
      'http://10.1.2.3/',
      'http://172.16.5.4/',
      'http://172.31.255.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${p}/`,
      'http://[fc00::1]/',
      'http://[fd12:3456::1]/',
      `http://[::ffff:127.0.0.1]:${p}/`,
      'http://[::ffff:a9fe:a9fe]/',
      `http://2130706433:${p}/`,
      `http://017700000001:${p}/`,
      `http://0177.0.0.1:${p}/`,
      `http://0x7f000001:${p}/`,
      'http://0.0.0.0/',
      'http://100.64.0.1/',
    ];
    const deliveries: [string, string][] = [];
    for (const [i, endpoint] of endpoints.entries()) {
      const created = await t.call('POST', '/api/webhook', { token: admin, body: { name: `Refused ${i + 1}`, endpoint, type: 'update' } });
      expect(created.status, `${endpoint}: ${JSON.stringify(created.body)}`).toBe(201);
      const sent = await t.call('POST', '/api/test-webhook', { token: admin, body: { webhook_id: created.body.webhook._id } });
      deliveries.push([endpoint, sent.body.delivery._id]);
    }
    for (const [endpoint, id] of deliveries) {
      const done = await eventually(async () => {
        const d = (await t.call('GET', `/api/webhook-delivery/${id}`, { token: admin })).body;
        return d.status !== 'pending' ? d : null;
      });
      expect(done, endpoint).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null });
      expect(done.attempt_log[0].error, endpoint).toMatch(/^refused_address: /);
    }
    expect(receiver.requests).toEqual([]);
  }, 60_000);
});
