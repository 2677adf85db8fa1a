/**
 * The monitoring configuration and ongoing monitoring honouring it, on PGlite and Postgres:
 * - the settings calls: the defaults, saving (audited), every validation message, permissions and the
 *   organisation flag, and the scheduled digest moving with a new frequency;
 * - the duration: a case whose period is over is switched off (case and entities) with its history event and
 *   an 'ended' alert, and is neither checked nor charged, by a pass, a sweep or a check job already holding it;
 *   a custom end date ends every case; switching monitoring on starts a period and off clears it;
 * - alerts and digests: what a check finds waits for the organisation's next digest, which then tells each
 *   follower once per channel (in-app rows, real e-mail through the test SMTP server), daily or weekly, e-mail
 *   only or in-app only, and is sent once however often the job runs, nothing when its transaction fails;
 * - the PDF report.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MONITORING_SETTINGS, nextDigestAt } from '../../common/monitoring';
import { MONITORING_JOBS, runAmlMonitoringPass } from '../../server/cases/monitoring';
import { MONITORING_DIGEST, enqueueMonitoringDigest, runMonitoringDigests } from '../../server/cases/monitoring-digest';
import { gatherAlert } from '../../server/cases/monitoring-settings';
import { forOrganisation } from '../../server/db/tenant';
import { DATABASE_KINDS } from '../helpers/databases';
import { pdfText } from '../helpers/pdf-text';
import { ADMIN, ANALYST, PLAN_ADMIN, createTestApp, type TestApp } from '../helpers/app';

const DAY = 86_400_000;
/** A listed name of the test lists, so its case has entities. */
const LISTED = 'Ayman al-Zawahri';
const SETTINGS = '/api/get-ongoing-monitoring-settings';
const UPDATE = '/api/update-ongoing-monitoring-settings';
const REPORT = '/api/get-ongoing-pdf-report';

const code = (res: { status: number; body: any }) => `${res.status} ${res.body?.code ?? ''}`.trim();
const isoDay = (d: Date) => d.toISOString().slice(0, 10);


describe.each(DATABASE_KINDS)('monitoring configuration on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let analyst: string;
  let planAdmin: string;
  let orgId: string;
  let adminId: string;
  let analystId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.deps.screening.ready();
    [admin, analyst, planAdmin] = [await t.login(ADMIN), await t.login(ANALYST), await t.login(PLAN_ADMIN)];
    orgId = (await t.deps.db.one("SELECT id FROM organisations WHERE slug = 'northwind'"))!.id;
    adminId = (await t.deps.db.one('SELECT id FROM users WHERE email = $1', [ADMIN.email]))!.id;
    analystId = (await t.deps.db.one('SELECT id FROM users WHERE email = $1', [ANALYST.email]))!.id;
  }, 120_000);
  afterAll(() => t?.close());

  const save = (body: Record<string, unknown>, token = admin) => t.call('POST', UPDATE, { token, body });
  const caseRow = (ref: string) => t.deps.db.one('SELECT * FROM cases WHERE reference = $1', [ref]);
  const creditsUsed = async () => (await t.deps.db.one('SELECT aml_screening_credits_used AS n FROM organisations WHERE id = $1', [orgId]))!.n as number;
  const settingsRow = () => t.deps.db.one('SELECT * FROM monitoring_settings WHERE organisation_id = $1', [orgId]);
  const newCase = async (options: { monitoring?: boolean; token?: string } = {}) => {
    const res = await t.call('POST', '/api/search', { token: options.token ?? admin, body: { search_term: LISTED, entity_type: 'person', aml_monitoring: String(options.monitoring ?? true) } });
    expect(res.status).toBe(200);
    return res.body.reference as string;
  };
  /** Makes a case due for a check, as a list update would: its lists' versions are no longer the engine's. */
  const makeDue = (ref: string) => t.deps.db.query(`UPDATE cases SET lists_version = '{}'::jsonb WHERE reference = $1`, [ref]);
  const startedDaysAgo = (ref: string, days: number) => t.deps.db.query('UPDATE cases SET monitoring_started_at = now() - make_interval(days => $2::int) WHERE reference = $1', [ref, days]);
  /** A clean slate for the alerts and digests of the organisation. */
  const resetAlerts = async () => {
    await t.deps.db.query('DELETE FROM monitoring_alerts WHERE organisation_id = $1', [orgId]);
    await t.deps.db.query('DELETE FROM monitoring_settings WHERE organisation_id = $1', [orgId]);
  };

  describe('the settings calls', () => {
    beforeEach(resetAlerts);

    it('answers the defaults to an organisation that never saved a configuration', async () => {
      const res = await t.call('GET', SETTINGS, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        ...DEFAULT_MONITORING_SETTINGS,
        next_digest_at: null,
        last_digest_at: null,
        pending_alerts: 0,
        webhooks_available: false,
        updated_at: null,
        updated_by: null,
      });
      expect(DEFAULT_MONITORING_SETTINGS).toEqual({ duration: '365', custom_end_date: null, alert_frequency: 'daily', channels: ['in_app', 'email'] });
      expect(typeof res.body.monitored_cases).toBe('number');
    });

    it('saves the whole configuration, answers it with the message, and records it in the audit history', async () => {
      const res = await save({ duration: '90', alert_frequency: 'weekly', channels: ['email'] });
      expect(code(res)).toBe('200 monitoring_settings_updated');
      expect(res.body).toMatchObject({ duration: '90', custom_end_date: null, alert_frequency: 'weekly', channels: ['email'], message: 'Monitoring configuration saved.' });
      expect(res.body.updated_by).toEqual({ _id: adminId, name: expect.any(String) });
      const read = await t.call('GET', SETTINGS, { token: admin });
      expect(read.body).toMatchObject({ duration: '90', alert_frequency: 'weekly', channels: ['email'] });
      expect(Date.parse(read.body.updated_at)).toBeGreaterThan(Date.now() - 60_000);

      const until = isoDay(new Date(Date.now() + 40 * DAY));
      // Form data: a number for the days is taken, channels as a comma-separated value.
      expect(code(await save({ duration: 30, alert_frequency: 'monthly', channels: 'in_app,email' }))).toBe('200 monitoring_settings_updated');
      const custom = await save({ duration: 'custom', custom_end_date: until, alert_frequency: 'quarterly', channels: ['in_app', 'in_app'] });
      expect(custom.body).toMatchObject({ duration: 'custom', custom_end_date: until, alert_frequency: 'quarterly', channels: ['in_app'] });

      const audit = await t.deps.db.query("SELECT actor_user_id, target_type, target_id, details FROM audit_events WHERE organisation_id = $1 AND action = 'monitoring_settings.updated' ORDER BY created_at", [orgId]);
      expect(audit.length).toBeGreaterThanOrEqual(3);
      expect(audit.at(-1)).toMatchObject({
        actor_user_id: adminId,
        target_type: 'organisation',
        target_id: orgId,
        details: { before: { duration: '30', alert_frequency: 'monthly' }, after: { duration: 'custom', custom_end_date: until, alert_frequency: 'quarterly', channels: ['in_app'] } },
      });
      // The audit screen's call lists it.
      const history = await t.call('GET', '/api/audit-history', { token: admin });
      expect(history.body.data.some((e: any) => e.action === 'monitoring_settings.updated')).toBe(true);
    });

    it('refuses each invalid configuration with its message and field, and changes nothing', async () => {
      expect(code(await save({ duration: '90', alert_frequency: 'weekly', channels: ['email'] }))).toBe('200 monitoring_settings_updated');
      const before = (await t.call('GET', SETTINGS, { token: admin })).body;
      const valid = { duration: '30', alert_frequency: 'daily', channels: ['in_app'] };
      const today = isoDay(new Date());
      const cases: [Record<string, unknown>, string, string | undefined][] = [
        [{ alert_frequency: 'daily', channels: ['in_app'] }, '400 monitoring_duration_required', 'duration'],
        [{ ...valid, duration: '45' }, '400 monitoring_duration_required', 'duration'],
        [{ duration: '30', channels: ['in_app'] }, '400 monitoring_frequency_required', 'alert_frequency'],
        [{ ...valid, alert_frequency: 'hourly' }, '400 monitoring_frequency_required', 'alert_frequency'],
        [{ duration: '30', alert_frequency: 'daily' }, '400 monitoring_channels_required', 'channels'],
        [{ ...valid, channels: [] }, '400 monitoring_channels_required', 'channels'],
        [{ ...valid, channels: '' }, '400 monitoring_channels_required', 'channels'],
        [{ ...valid, channels: ['sms'] }, '400 bad_request', 'channels.0'],
        [{ ...valid, duration: 'custom' }, '400 monitoring_end_date_required', 'custom_end_date'],
        [{ ...valid, duration: 'custom', custom_end_date: '  ' }, '400 monitoring_end_date_required', 'custom_end_date'],
        [{ ...valid, duration: 'custom', custom_end_date: '2020-01-01' }, '400 monitoring_end_date_past', 'custom_end_date'],
        [{ ...valid, duration: 'custom', custom_end_date: today }, '400 monitoring_end_date_past', 'custom_end_date'],
        [{ ...valid, duration: 'custom', custom_end_date: '2031-02-30' }, '400 invalid_day', 'custom_end_date'],
        [{ ...valid, duration: 'custom', custom_end_date: '2031-13-01' }, '400 invalid_month', 'custom_end_date'],
        [{ ...valid, duration: 'custom', custom_end_date: '31/12/2031' }, '400 invalid_format', 'custom_end_date'],
        [{ ...valid, channels: ['email', 'webhooks'] }, '400 monitoring_webhooks_unavailable', 'channels'],
        [{ ...valid, custom_end_date: 'x'.repeat(201) }, '400 text_too_long', 'custom_end_date'],
        [{ ...valid, extra: 'field' }, '400 bad_request', 'extra'],
      ];
      for (const [body, expected, field] of cases) {
        const res = await save(body);
        expect(code(res), JSON.stringify(body)).toBe(expected);
        expect(res.body.field, JSON.stringify(body)).toBe(field);
      }
      // The web hooks channel's message is the one the specification's screen shows.
      expect((await save({ ...valid, channels: ['webhooks'] })).body.error_message).toBe('No web hook is registered. Register one under Web Hooks before choosing this channel.');
      // Without a custom duration the end date is not read: a past date is not an error then.
      expect(code(await save({ ...valid, custom_end_date: '2020-01-01' }))).toBe('200 monitoring_settings_updated');
      const after = (await t.call('GET', SETTINGS, { token: admin })).body;
      expect({ ...after, updated_at: null }).toEqual({ ...before, duration: '30', alert_frequency: 'daily', channels: ['in_app'], updated_at: null });
    });

    it('needs view_ongoing_monitoring_settings to read, update_ongoing_monitoring_settings to save, and the organisation flag', async () => {
      expect((await t.call('GET', SETTINGS)).status).toBe(401);
      expect(code(await t.call('GET', SETTINGS, { token: analyst }))).toBe('403 permission_denied');
      expect(code(await save({ duration: '30', alert_frequency: 'daily', channels: ['in_app'] }, analyst))).toBe('403 permission_denied');
      expect((await t.call('GET', REPORT, { token: analyst })).status).toBe(403);

      // A role that may view but not update: reads and the report, no saving.
      const roleId = (await t.deps.db.one('SELECT role_id FROM users WHERE id = $1', [analystId]))!.role_id;
      await t.deps.db.query("INSERT INTO role_permissions (role_id, permission) VALUES ($1, 'view_ongoing_monitoring_settings')", [roleId]);
      try {
        const viewer = await t.login(ANALYST);
        expect((await t.call('GET', SETTINGS, { token: viewer })).status).toBe(200);
        expect((await t.call('GET', REPORT, { token: viewer })).status).toBe(200);
        expect(code(await save({ duration: '30', alert_frequency: 'daily', channels: ['in_app'] }, viewer))).toBe('403 permission_denied');
        expect(await settingsRow()).toBeUndefined();
      } finally {
        await t.deps.db.query("DELETE FROM role_permissions WHERE role_id = $1 AND permission = 'view_ongoing_monitoring_settings'", [roleId]);
      }

      // Harbour Trading's administrator holds every permission, but the organisation lacks the flag.
      expect(code(await t.call('GET', SETTINGS, { token: planAdmin }))).toBe('403 service_unavailable');
      expect(code(await save({ duration: '30', alert_frequency: 'daily', channels: ['in_app'] }, planAdmin))).toBe('403 service_unavailable');
      await t.deps.db.query("UPDATE organisations SET show_monitoring_configuration = true WHERE slug = 'harbour'");
      try {
        const flagged = await t.login(PLAN_ADMIN);
        const res = await t.call('GET', SETTINGS, { token: flagged });
        expect(res.status).toBe(200);
        // Each organisation has its own configuration: Harbour still reads the defaults.
        expect(res.body).toMatchObject({ duration: '365', pending_alerts: 0 });
      } finally {
        await t.deps.db.query("UPDATE organisations SET show_monitoring_configuration = false WHERE slug = 'harbour'");
      }
    });

    it('moves a scheduled digest when the frequency changes, from the last digest or from now', async () => {
      expect(code(await save({ duration: '365', alert_frequency: 'daily', channels: ['in_app'] }))).toBe('200 monitoring_settings_updated');
      // Nothing waits: a new frequency schedules nothing.
      expect(code(await save({ duration: '365', alert_frequency: 'weekly', channels: ['in_app'] }))).toBe('200 monitoring_settings_updated');
      expect((await settingsRow())!.next_digest_at).toBeNull();

      const last = new Date(Date.now() - 3 * DAY);
      await t.deps.db.query('UPDATE monitoring_settings SET last_digest_at = $2, next_digest_at = $3 WHERE organisation_id = $1', [orgId, last, nextDigestAt(last, 'weekly')]);
      const monthly = await save({ duration: '365', alert_frequency: 'monthly', channels: ['in_app'] });
      expect(monthly.body.next_digest_at).toBe(nextDigestAt(last, 'monthly').toISOString());
      // The same frequency again leaves it where it is.
      expect((await save({ duration: '90', alert_frequency: 'monthly', channels: ['in_app'] })).body.next_digest_at).toBe(nextDigestAt(last, 'monthly').toISOString());

      await t.deps.db.query('UPDATE monitoring_settings SET last_digest_at = NULL WHERE organisation_id = $1', [orgId]);
      const before = Date.now();
      const daily = await save({ duration: '90', alert_frequency: 'daily', channels: ['in_app'] });
      const next = Date.parse(daily.body.next_digest_at);
      expect(next).toBeGreaterThanOrEqual(before + DAY - 1000);
      expect(next).toBeLessThanOrEqual(Date.now() + DAY);
    });
  });

  describe('the duration', () => {
    beforeEach(resetAlerts);

    it('starts a period when monitoring goes on, keeps it while it stays on, and clears it once off everywhere', async () => {
      const ref = await newCase({ monitoring: false });
      expect((await caseRow(ref))!.monitoring_started_at).toBeNull();
      const [hit] = await t.deps.db.query('SELECT h.id FROM case_hits h JOIN cases c ON c.id = h.case_id WHERE c.reference = $1 ORDER BY position', [ref]);
      // One entity on: the case is monitored from now.
      expect(code(await t.call('POST', '/api/monitor', { token: admin, body: { reference: ref, entity_id: hit.id, kind: 'aml', enabled: true } }))).toBe('200 monitoring_updated');
      const started = (await caseRow(ref))!.monitoring_started_at as Date;
      expect(Date.now() - new Date(started).getTime()).toBeLessThan(60_000);
      // More switched on while it is on: the period goes on from the same start.
      await startedDaysAgo(ref, 5);
      const fiveDaysAgo = (await caseRow(ref))!.monitoring_started_at;
      expect(code(await t.call('POST', '/api/monitor', { token: admin, body: { reference: ref, kind: 'adverse_media', enabled: true } }))).toBe('200 monitoring_updated');
      expect((await caseRow(ref))!.monitoring_started_at).toEqual(fiveDaysAgo);
      // Off for the case (every entity follows), AML and adverse media: no period.
      await t.call('POST', '/api/monitor', { token: admin, body: { reference: ref, kind: 'aml', enabled: false } });
      expect((await caseRow(ref))!.monitoring_started_at).toEqual(fiveDaysAgo);
      await t.call('POST', '/api/monitor', { token: admin, body: { reference: ref, kind: 'adverse_media', enabled: false } });
      expect((await caseRow(ref))!.monitoring_started_at).toBeNull();
      // The bulk decision review switches monitoring too.
      expect(code(await t.call('POST', '/api/decision-review', { token: admin, body: { references: [ref], aml_monitoring: true } }))).toBe('200 decision_saved');
      expect((await caseRow(ref))!.monitoring_started_at).not.toBeNull();
      expect(code(await t.call('POST', '/api/decision-review', { token: admin, body: { references: [ref], aml_monitoring: false } }))).toBe('200 decision_saved');
      expect((await caseRow(ref))!.monitoring_started_at).toBeNull();
      // Entity decisions of the review as well.
      expect(code(await t.call('POST', '/api/decision-review', { token: admin, body: { reference: ref, entity_ids: [hit.id], aml_monitoring: true } }))).toBe('200 decision_saved');
      expect((await caseRow(ref))!.monitoring_started_at).not.toBeNull();
    });

    it('switches off a case whose period is over, records it and gathers an alert, and neither checks nor charges it', async () => {
      expect(code(await save({ duration: '30', alert_frequency: 'daily', channels: ['in_app', 'email'] }))).toBe('200 monitoring_settings_updated');
      const over = await newCase();
      const within = await newCase();
      expect((await caseRow(over))!.monitoring_started_at).not.toBeNull();
      await startedDaysAgo(over, 31);
      await startedDaysAgo(within, 29);
      await makeDue(over);
      await makeDue(within);
      const credits = await creditsUsed();

      const pass = await runAmlMonitoringPass(t.deps);
      // Only the case within its period was checked, for one credit.
      expect(pass.checked).toBe(1);
      expect(await creditsUsed()).toBe(credits + 1);
      expect((await caseRow(within))!.lists_version).not.toEqual({});

      const ended = (await caseRow(over))!;
      expect(ended).toMatchObject({ aml_monitoring: false, adverse_media_monitoring: false, monitoring_started_at: null, lists_version: {} });
      const monitoredHits = await t.deps.db.query('SELECT id FROM case_hits WHERE case_id = $1 AND (aml_monitoring OR adverse_media_monitoring)', [ended.id]);
      expect(monitoredHits).toEqual([]);
      const [event] = await t.deps.db.query("SELECT actor_user_id, details FROM case_events WHERE case_id = $1 AND action = 'monitoring_ended'", [ended.id]);
      expect(event).toMatchObject({ actor_user_id: null, details: { duration: '30', started_at: expect.any(String), ended_at: expect.any(String) } });
      expect(Date.parse(event.details.ended_at) - Date.parse(event.details.started_at)).toBe(30 * DAY);
      // The history says so, with ongoing monitoring as the actor.
      const history = await t.call('GET', `/api/case-history?reference=${over}`, { token: admin });
      expect(history.body.data[0]).toMatchObject({ action: 'monitoring_ended', actor: null });
      const alerts = await t.deps.db.query('SELECT kind, details, delivered_at FROM monitoring_alerts WHERE case_id = $1', [ended.id]);
      expect(alerts).toEqual([{ kind: 'ended', details: expect.objectContaining({ duration: '30' }), delivered_at: null }]);
      // The first alert schedules the organisation's digest a period (a day) ahead.
      const next = new Date((await settingsRow())!.next_digest_at).getTime();
      expect(next).toBeGreaterThan(Date.now() + DAY - 120_000);
      expect(next).toBeLessThanOrEqual(Date.now() + DAY);
      // The screen's summary counts the alert waiting.
      expect((await t.call('GET', SETTINGS, { token: admin })).body.pending_alerts).toBe(1);

      // Nothing more happens to it: a second pass checks nothing.
      const again = await runAmlMonitoringPass(t.deps);
      expect(again.checked).toBe(0);
      expect(await creditsUsed()).toBe(credits + 1);
    });

    it('ends a period in the sweep job, and in a check job that already holds the case, without a credit', async () => {
      expect(code(await save({ duration: '90', alert_frequency: 'daily', channels: ['in_app'] }))).toBe('200 monitoring_settings_updated');
      await t.deps.jobs.runDue();
      const bySweep = await newCase();
      const byCheck = await newCase();
      await startedDaysAgo(bySweep, 91);
      await makeDue(bySweep);
      const credits = await creditsUsed();
      await t.deps.jobs.enqueue(t.deps.db, MONITORING_JOBS.sweep, {});
      await t.deps.jobs.runDue();
      expect((await caseRow(bySweep))!).toMatchObject({ aml_monitoring: false, monitoring_started_at: null, lists_version: {} });
      // The sweep enqueued the digest too.
      const digests = await t.deps.db.query(`SELECT state FROM pgboss.job WHERE name = $1`, [MONITORING_DIGEST.kind]);
      expect(digests.length).toBeGreaterThan(0);

      // The sweep found this case due within its period; its period ended before its check job ran.
      await makeDue(byCheck);
      const id = (await caseRow(byCheck))!.id;
      await t.deps.jobs.enqueue(t.deps.db, MONITORING_JOBS.check, { case_ids: [id] });
      await startedDaysAgo(byCheck, 90);
      await t.deps.jobs.runDue();
      expect((await caseRow(byCheck))!).toMatchObject({ aml_monitoring: false, monitoring_started_at: null, lists_version: {} });
      expect(await creditsUsed()).toBe(credits);
      const kinds = await t.deps.db.query('SELECT kind FROM monitoring_alerts WHERE organisation_id = $1 ORDER BY created_at', [orgId]);
      expect(kinds.map((k) => k.kind)).toEqual(['ended', 'ended']);
    });

    it('ends every case at the end of a custom end date', async () => {
      const until = isoDay(new Date(Date.now() + 10 * DAY));
      expect(code(await save({ duration: 'custom', custom_end_date: until, alert_frequency: 'daily', channels: ['in_app'] }))).toBe('200 monitoring_settings_updated');
      const ref = await newCase();
      await makeDue(ref);
      const credits = await creditsUsed();
      // Before the date: checked as usual.
      expect((await runAmlMonitoringPass(t.deps)).checked).toBe(1);
      expect(await creditsUsed()).toBe(credits + 1);
      // The day has passed (as if time went by): the next pass ends it, even a case switched on yesterday.
      const yesterday = isoDay(new Date(Date.now() - DAY));
      await t.deps.db.query('UPDATE monitoring_settings SET custom_end_date = $2 WHERE organisation_id = $1', [orgId, yesterday]);
      await startedDaysAgo(ref, 1);
      await makeDue(ref);
      expect((await runAmlMonitoringPass(t.deps)).checked).toBe(0);
      expect(await creditsUsed()).toBe(credits + 1);
      const c = (await caseRow(ref))!;
      expect(c).toMatchObject({ aml_monitoring: false, monitoring_started_at: null });
      const event = await t.deps.db.one("SELECT details FROM case_events WHERE case_id = $1 AND action = 'monitoring_ended'", [c.id]);
      expect(event!.details).toMatchObject({ duration: 'custom', custom_end_date: yesterday, ended_at: `${yesterday}T23:59:59.999Z` });
    });
  });

  describe('alerts and digests', () => {
    let followed: string;
    beforeEach(async () => {
      await resetAlerts();
      await t.deps.db.query("DELETE FROM notifications WHERE kind = 'monitoring_digest'");
      await t.deps.jobs.runDue();
      // A case the administrator created and the analyst is assigned to: both follow it.
      followed = await newCase();
      expect(code(await t.call('POST', '/api/decision-review', { token: admin, body: { references: [followed], assignee_ids: [analystId] } }))).toBe('200 decision_saved');
    });

    /** A real finding: a hit the case lost is found again by the check as a newly listed entity. */
    const findSomething = async (ref: string) => {
      const c = (await caseRow(ref))!;
      await t.deps.db.query('DELETE FROM case_hits WHERE id = (SELECT id FROM case_hits WHERE case_id = $1 ORDER BY position DESC LIMIT 1)', [c.id]);
      await makeDue(ref);
      const pass = await runAmlMonitoringPass(t.deps);
      expect(pass.new_hits).toBeGreaterThanOrEqual(1);
    };
    const digestNotes = (userId: string) => t.deps.db.query("SELECT params, link FROM notifications WHERE kind = 'monitoring_digest' AND user_id = $1 ORDER BY created_at", [userId]);
    const nextDigest = async () => new Date((await settingsRow())!.next_digest_at);
    /** Digest e-mails to an address since a count of messages (other notifications' e-mails may arrive meanwhile). */
    const mailsTo = (email: string, since: number) => t.smtp.messages.slice(since).filter((m) => m.to.includes(email) && /Ongoing monitoring alerts/.test(m.subject));

    it('gathers what a check finds until the next digest, then tells each follower once in the app and by e-mail', async () => {
      expect(code(await save({ duration: '365', alert_frequency: 'daily', channels: ['in_app', 'email'] }))).toBe('200 monitoring_settings_updated');
      const mails = t.smtp.messages.length;
      const before = Date.now();
      await findSomething(followed);
      const alert = await t.deps.db.one('SELECT kind, details, delivered_at FROM monitoring_alerts WHERE organisation_id = $1', [orgId]);
      expect(alert).toMatchObject({ kind: 'findings', details: { new_hits: 1, updated_records: 0 }, delivered_at: null });
      const due = await nextDigest();
      expect(due.getTime()).toBeGreaterThanOrEqual(before + DAY);
      expect(due.getTime()).toBeLessThanOrEqual(Date.now() + DAY);

      // Before the digest is due nothing is sent, however often the job runs.
      expect(await runMonitoringDigests(t.deps)).toMatchObject({ organisations: 0 });
      await enqueueMonitoringDigest(t.deps.jobs, t.deps.db);
      await t.deps.jobs.runDue();
      expect(await digestNotes(adminId)).toEqual([]);
      expect([...mailsTo(ADMIN.email, mails), ...mailsTo(ANALYST.email, mails)]).toEqual([]);

      const at = new Date(due.getTime() + 1000);
      const sent = await runMonitoringDigests(t.deps, { now: at });
      expect(sent).toMatchObject({ organisations: 1, alerts: 1, notifications: 2, emails: 2 });
      for (const userId of [adminId, analystId]) {
        expect(await digestNotes(userId)).toEqual([{ params: { cases: 1, new_hits: 1, updated: 0, ended: 0 }, link: '/manage-case' }]);
      }
      // The e-mails go out from their own jobs, one per follower, listing the case.
      await t.deps.jobs.runDue([MONITORING_DIGEST.email]);
      for (const email of [ADMIN.email, ANALYST.email]) {
        const mail = await t.smtp.waitFor(email, { since: mails, subject: /Ongoing monitoring alerts/ });
        expect(mail.text).toContain(followed);
        expect(mail.text).toContain(LISTED);
        expect(mail.text).toContain('new hits 1, changed records 0');
        expect(mail.text).toContain('http://app.test/manage-case');
        expect(mailsTo(email, mails)).toHaveLength(1);
      }
      expect(await t.deps.db.one('SELECT delivered_at FROM monitoring_alerts WHERE organisation_id = $1', [orgId])).toEqual({ delivered_at: at });
      const row = (await settingsRow())!;
      expect(new Date(row.last_digest_at)).toEqual(at);
      expect(new Date(row.next_digest_at)).toEqual(nextDigestAt(at, 'daily'));

      // Run again at the same moment, or by the job: nothing is sent twice.
      expect(await runMonitoringDigests(t.deps, { now: at })).toMatchObject({ organisations: 0 });
      await enqueueMonitoringDigest(t.deps.jobs, t.deps.db);
      await t.deps.jobs.runDue();
      expect(await digestNotes(adminId)).toHaveLength(1);
      expect(mailsTo(ADMIN.email, mails)).toHaveLength(1);
      expect((await t.call('GET', SETTINGS, { token: admin })).body).toMatchObject({ pending_alerts: 0, last_digest_at: at.toISOString() });
    });

    it('sends weekly digests a week apart, and through the queue once one is due', async () => {
      expect(code(await save({ duration: '365', alert_frequency: 'weekly', channels: ['in_app'] }))).toBe('200 monitoring_settings_updated');
      const before = Date.now();
      await findSomething(followed);
      const due = await nextDigest();
      expect(due.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY);
      expect(due.getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY);
      // A day later it is still waiting.
      expect(await runMonitoringDigests(t.deps, { now: new Date(before + DAY + 60_000) })).toMatchObject({ organisations: 0 });
      // Once it is due, the digest job (as the server's timer enqueues it) sends it.
      await t.deps.db.query("UPDATE monitoring_settings SET next_digest_at = now() - interval '1 minute' WHERE organisation_id = $1", [orgId]);
      await enqueueMonitoringDigest(t.deps.jobs, t.deps.db);
      await t.deps.jobs.runDue();
      expect(await digestNotes(adminId)).toHaveLength(1);
      const row = (await settingsRow())!;
      expect(new Date(row.next_digest_at).getTime() - new Date(row.last_digest_at).getTime()).toBe(7 * DAY);
      // Nothing waits any more: once the next date passes with nothing found, nothing is scheduled until an alert.
      await runMonitoringDigests(t.deps, { now: new Date(new Date(row.next_digest_at).getTime() + 1000) });
      expect((await settingsRow())!.next_digest_at).toBeNull();
    });

    it('sends by e-mail only, or in the app only, as chosen; not by e-mail to a follower who switched e-mail off', async () => {
      expect(code(await save({ duration: '365', alert_frequency: 'daily', channels: ['email'] }))).toBe('200 monitoring_settings_updated');
      let mails = t.smtp.messages.length;
      await findSomething(followed);
      expect(await runMonitoringDigests(t.deps, { now: new Date((await nextDigest()).getTime() + 1000) })).toMatchObject({ organisations: 1, notifications: 0, emails: 2 });
      await t.deps.jobs.runDue([MONITORING_DIGEST.email]);
      await t.smtp.waitFor(ANALYST.email, { since: mails, subject: /Ongoing monitoring alerts/ });
      await t.smtp.waitFor(ADMIN.email, { since: mails, subject: /Ongoing monitoring alerts/ });
      expect(await digestNotes(adminId)).toEqual([]);

      await resetAlerts();
      expect(code(await save({ duration: '365', alert_frequency: 'daily', channels: ['in_app'] }))).toBe('200 monitoring_settings_updated');
      mails = t.smtp.messages.length;
      await findSomething(followed);
      expect(await runMonitoringDigests(t.deps, { now: new Date((await nextDigest()).getTime() + 1000) })).toMatchObject({ organisations: 1, notifications: 2, emails: 0 });
      await t.deps.jobs.runDue();
      expect(await digestNotes(adminId)).toHaveLength(1);
      expect([...mailsTo(ADMIN.email, mails), ...mailsTo(ANALYST.email, mails)]).toEqual([]);

      // Both channels, the analyst without e-mail notifications: the app only for them.
      await resetAlerts();
      expect(code(await save({ duration: '365', alert_frequency: 'daily', channels: ['in_app', 'email'] }))).toBe('200 monitoring_settings_updated');
      await t.deps.db.query('UPDATE users SET email_notifications = false WHERE id = $1', [analystId]);
      try {
        mails = t.smtp.messages.length;
        await findSomething(followed);
        expect(await runMonitoringDigests(t.deps, { now: new Date((await nextDigest()).getTime() + 1000) })).toMatchObject({ notifications: 2, emails: 1 });
        await t.deps.jobs.runDue([MONITORING_DIGEST.email]);
        await t.smtp.waitFor(ADMIN.email, { since: mails, subject: /Ongoing monitoring alerts/ });
        expect(mailsTo(ANALYST.email, mails)).toEqual([]);
        expect(await digestNotes(analystId)).toHaveLength(2);
      } finally {
        await t.deps.db.query('UPDATE users SET email_notifications = true WHERE id = $1', [analystId]);
      }
    });

    it('sends a case nobody active follows to the administrators, and lists ended cases with the rest', async () => {
      expect(code(await save({ duration: '365', alert_frequency: 'daily', channels: ['in_app', 'email'] }))).toBe('200 monitoring_settings_updated');
      const orphan = await newCase({ token: analyst });
      const own = forOrganisation(t.deps.db, orgId);
      const c = (await caseRow(orphan))!;
      await own.transaction((tx) => gatherAlert(tx, { case_id: c.id, kind: 'ended', details: { ended_at: '2026-03-01T00:00:00.000Z', duration: '30' } }));
      await t.deps.db.query('UPDATE users SET is_active = false WHERE id = $1', [analystId]);
      try {
        const mails = t.smtp.messages.length;
        expect(await runMonitoringDigests(t.deps, { now: new Date((await nextDigest()).getTime() + 1000) })).toMatchObject({ organisations: 1, notifications: 1, emails: 1 });
        expect(await digestNotes(adminId)).toEqual([{ params: { cases: 1, new_hits: 0, updated: 0, ended: 1 }, link: '/manage-case' }]);
        await t.deps.jobs.runDue([MONITORING_DIGEST.email]);
        const mail = await t.smtp.waitFor(ADMIN.email, { since: mails, subject: /Ongoing monitoring alerts/ });
        expect(mail.text).toContain(`${orphan} · ${LISTED}: monitoring ended on March 1, 2026`);
      } finally {
        await t.deps.db.query('UPDATE users SET is_active = true WHERE id = $1', [analystId]);
      }
    });

    it('sends nothing when the digest cannot be written, and everything on the next run', async () => {
      expect(code(await save({ duration: '365', alert_frequency: 'daily', channels: ['in_app', 'email'] }))).toBe('200 monitoring_settings_updated');
      await findSomething(followed);
      const at = new Date((await nextDigest()).getTime() + 1000);
      const enqueue = t.deps.jobs.enqueue;
      // The e-mail jobs cannot be enqueued (the database refused, the process died): the whole digest rolls back.
      t.deps.jobs.enqueue = async () => {
        throw new Error('the database went away');
      };
      try {
        await expect(runMonitoringDigests(t.deps, { now: at })).rejects.toThrow('the database went away');
      } finally {
        t.deps.jobs.enqueue = enqueue;
      }
      expect(await digestNotes(adminId)).toEqual([]);
      expect(await t.deps.db.one('SELECT delivered_at FROM monitoring_alerts WHERE organisation_id = $1', [orgId])).toEqual({ delivered_at: null });
      expect((await settingsRow())!.last_digest_at).toBeNull();
      expect(await runMonitoringDigests(t.deps, { now: at })).toMatchObject({ organisations: 1, notifications: 2, emails: 2 });
      expect(await digestNotes(adminId)).toHaveLength(1);
    });
  });

  describe('the report', () => {
    it('is a PDF of the configuration and the cases monitored in the period', async () => {
      await resetAlerts();
      expect(code(await save({ duration: '90', alert_frequency: 'weekly', channels: ['in_app', 'email'] }))).toBe('200 monitoring_settings_updated');
      const ref = await newCase();
      const unmonitored = await newCase({ monitoring: false });
      const res = await t.app.inject({ method: 'GET', url: REPORT, headers: { authorization: `Bearer ${admin}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="monitoring-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf"$/);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(res.rawPayload);
      expect(text).toContain('Ongoing monitoring report');
      expect(text).toContain('90 days from when monitoring is switched on');
      expect(text).toContain('Weekly');
      expect(text).toContain(ref);
      expect(text).not.toContain(unmonitored);

      // A preset and a custom range, as Manage Case takes them; a bad range is a 400 naming its field.
      const preset = await t.app.inject({ method: 'GET', url: `${REPORT}?date_preset=this_month`, headers: { authorization: `Bearer ${admin}` } });
      expect(preset.statusCode).toBe(200);
      const today = isoDay(new Date());
      const range = await t.app.inject({ method: 'GET', url: `${REPORT}?date_from=2026-01-01&date_to=${today}`, headers: { authorization: `Bearer ${admin}` } });
      expect(range.statusCode).toBe(200);
      const future = await t.call('GET', `${REPORT}?date_preset=custom&date_from=2026-01-01&date_to=2999-01-01`, { token: admin });
      expect(code(future)).toBe('400 future_date');
      expect(future.body.field).toBe('date_to');
      expect(code(await t.call('GET', `${REPORT}?date_preset=custom&date_from=2026-02-01`, { token: admin }))).toBe('400 date_range_required');
      expect(code(await t.call('GET', `${REPORT}?date_preset=yesterdayish`, { token: admin }))).toBe('400 bad_request');
    });
  });
});
