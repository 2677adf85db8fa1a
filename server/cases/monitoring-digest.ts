/**
 * Sending what ongoing monitoring gathered (docs/monitoring-configuration.md, "Alerts and digests"). A check's
 * findings and the end of a case's period are alerts (monitoring_alerts); they wait for the organisation's
 * next digest (monitoring_settings.next_digest_at, set a period ahead by its first alert and after each
 * digest), which tells each follower of the alerted cases once, through the chosen channels:
 * - in the app: one notification summarising the cases (`monitoring_digest`, link to Manage Case);
 * - by e-mail: one message listing every case with what was found, to followers who keep e-mail
 *   notifications on.
 *
 * Crash safety: an organisation's digest is one transaction that locks its settings row (SKIP LOCKED, so two
 * processes never send the same digest), writes the in-app notifications, enqueues one e-mail job per
 * recipient (the queue's insert goes through the same transaction), marks the alerts delivered and moves the
 * schedule on. Either all of it commits or none does, so a crash half way sends nothing and the next run sends
 * it all; once committed, nothing is due until the next period, so running the job twice sends nothing twice.
 * E-mails go out from their own jobs, retried with backoff: a mail server that is down delays the e-mail and
 * never loses it (at least once: a process that dies between the mail server's acceptance and the job's
 * completion sends that one message again).
 *
 * A system module: the digest job looks across organisations for due digests on the raw database, and each
 * organisation's digest runs through its own organisation's handle.
 */
import { nextDigestAt } from '../../common/monitoring';
import type { WhiteLabel } from '../../common/organisation';
import type { Queryable } from '../db/client';
import { forOrganisation, inTransaction, type OrgDb } from '../db/tenant';
import type { Deps } from '../deps';
import { translate } from '../i18n';
import type { JobQueue } from '../jobs/queue';
import { notifyUser } from '../notifications/notify';
import { caseFollowers } from './events';
import { readSettings } from './monitoring-settings';
import { emitWebhookEvent } from '../webhooks/events';

/** Cases listed in one monitoring.alert web hook event; more are counted in total_cases. */
const WEBHOOK_CASES = 100;

/** The digest job (recurring, at most one waiting) and the e-mail job of one recipient's digest. */
export const MONITORING_DIGEST = { kind: 'monitoring.digest', key: 'monitoring-digest', email: 'monitoring.digest-email' } as const;
/** Where the in-app digest leads. */
export const DIGEST_LINK = '/manage-case';
/** Cases listed in one e-mail; more are counted, and Manage Case shows them all. */
const EMAIL_CASES = 100;

export function enqueueMonitoringDigest(jobs: JobQueue, tx: Queryable) {
  return jobs.enqueue(tx, MONITORING_DIGEST.kind, {}, { singletonKey: MONITORING_DIGEST.key });
}

export interface DigestResult {
  /** Organisations whose digest was sent. */
  organisations: number;
  /** Alerts marked delivered. */
  alerts: number;
  /** In-app notifications written. */
  notifications: number;
  /** E-mails enqueued. */
  emails: number;
}

interface AlertRow {
  id: string;
  case_id: string;
  kind: 'findings' | 'ended';
  details: Record<string, any>;
}

/** What one case's alerts of a digest add up to. */
interface CaseSummary {
  case_id: string;
  new_hits: number;
  updated_records: number;
  ended: boolean;
}

function summarise(alerts: AlertRow[]): Map<string, CaseSummary> {
  const byCase = new Map<string, CaseSummary>();
  for (const a of alerts) {
    const s = byCase.get(a.case_id) ?? { case_id: a.case_id, new_hits: 0, updated_records: 0, ended: false };
    if (a.kind === 'findings') {
      s.new_hits += Number(a.details.new_hits ?? 0);
      s.updated_records += Number(a.details.updated_records ?? 0);
    } else s.ended = true;
    byCase.set(a.case_id, s);
  }
  return byCase;
}

/**
 * Who hears about each alerted case: its followers (creator and assignees, caseFollowers()) who are active.
 * A case nobody active follows goes to the organisation's administrators, so no finding goes unread.
 */
async function recipientsOf(own: OrgDb, raw: Queryable, caseIds: string[]): Promise<Map<string, { email_notifications: boolean; cases: string[] }>> {
  const followersByCase = new Map<string, string[]>();
  for (const id of caseIds) followersByCase.set(id, await caseFollowers(raw, id));
  const everyone = [...new Set([...followersByCase.values()].flat())];
  const active = new Map(
    (await own.query<{ id: string; email_notifications: boolean }>('SELECT id, email_notifications FROM users WHERE organisation_id = $org AND is_active AND id = ANY($1::uuid[])', [everyone])).map(
      (u) => [u.id, u.email_notifications],
    ),
  );
  let administrators: { id: string; email_notifications: boolean }[] | null = null;
  const recipients = new Map<string, { email_notifications: boolean; cases: string[] }>();
  const add = (userId: string, emailNotifications: boolean, caseId: string) => {
    const r = recipients.get(userId) ?? { email_notifications: emailNotifications, cases: [] };
    r.cases.push(caseId);
    recipients.set(userId, r);
  };
  for (const [caseId, followers] of followersByCase) {
    const reached = followers.filter((id) => active.has(id));
    if (reached.length) {
      for (const id of reached) add(id, active.get(id)!, caseId);
      continue;
    }
    administrators ??= await own.query<{ id: string; email_notifications: boolean }>(
      'SELECT u.id, u.email_notifications FROM users u JOIN roles r ON r.id = u.role_id WHERE u.organisation_id = $org AND r.organisation_id = $org AND r.is_admin AND u.is_active',
    );
    for (const admin of administrators) add(admin.id, admin.email_notifications, caseId);
  }
  return recipients;
}

/** One organisation's digest, in one transaction; null when it is not due (any more) or another process holds it. */
async function digestOrganisation(deps: Deps, organisationId: string, now: Date): Promise<DigestResult | null> {
  return deps.db.transaction(async (raw) => {
    const own = inTransaction(raw, organisationId);
    const due = await own.one('SELECT organisation_id FROM monitoring_settings WHERE organisation_id = $org AND next_digest_at <= $1 FOR UPDATE SKIP LOCKED', [now]);
    if (!due) return null;
    const settings = await readSettings(own);
    const alerts = await own.query<AlertRow>(
      `SELECT a.id, a.case_id, a.kind, a.details FROM monitoring_alerts a
        WHERE a.organisation_id = $org AND a.delivered_at IS NULL AND a.created_at <= $1 ORDER BY a.created_at, a.id`,
      [now],
    );
    const result: DigestResult = { organisations: 0, alerts: 0, notifications: 0, emails: 0 };
    if (!alerts.length) {
      // Nothing waits: the next alert schedules the next digest a period ahead of itself.
      await own.query('UPDATE monitoring_settings SET next_digest_at = NULL WHERE organisation_id = $org', []);
      return result;
    }
    // Deleted cases are not reported; their alerts are closed with the rest.
    const live = new Set(
      (await own.query<{ id: string }>('SELECT id FROM cases WHERE organisation_id = $org AND NOT is_deleted AND id = ANY($1::uuid[])', [[...new Set(alerts.map((a) => a.case_id))]])).map(
        (c) => c.id,
      ),
    );
    const reported = alerts.filter((a) => live.has(a.case_id));
    const summaries = summarise(reported);
    const recipients = await recipientsOf(own, raw, [...summaries.keys()]);
    const inApp = settings.channels.includes('in_app');
    const byEmail = settings.channels.includes('email');
    for (const [userId, recipient] of recipients) {
      const mine = recipient.cases.map((id) => summaries.get(id)!);
      if (inApp) {
        const params = {
          cases: mine.length,
          new_hits: mine.reduce((n, s) => n + s.new_hits, 0),
          updated: mine.reduce((n, s) => n + s.updated_records, 0),
          ended: mine.filter((s) => s.ended).length,
        };
        const written = await notifyUser(deps, { organisation_id: organisationId, user_id: userId, kind: 'monitoring_digest', params, link: DIGEST_LINK }, raw, { email: false });
        if (written) result.notifications += 1;
      }
      if (byEmail && recipient.email_notifications) {
        const alertIds = reported.filter((a) => recipient.cases.includes(a.case_id)).map((a) => a.id);
        await deps.jobs.enqueue(raw, MONITORING_DIGEST.email, { organisation_id: organisationId, user_id: userId, alert_ids: alertIds });
        result.emails += 1;
      }
    }
    // The web hooks channel: one monitoring.alert event for the digest, delivered in this transaction's outbox.
    if (settings.channels.includes('webhooks') && summaries.size) {
      const listed = [...summaries.values()].slice(0, WEBHOOK_CASES);
      const references = new Map(
        (await own.query<{ id: string; reference: string }>('SELECT id, reference FROM cases WHERE organisation_id = $org AND id = ANY($1::uuid[])', [listed.map((s) => s.case_id)])).map((r) => [
          r.id,
          r.reference,
        ]),
      );
      await emitWebhookEvent(deps.jobs, own, 'monitoring.alert', {
        alerts: reported.length,
        total_cases: summaries.size,
        cases: listed.map((s) => ({ reference: references.get(s.case_id) ?? '', new_hits: s.new_hits, updated_records: s.updated_records, ended: s.ended })),
        digest_at: now.toISOString(),
      });
    }
    await own.query('UPDATE monitoring_alerts SET delivered_at = $1 WHERE organisation_id = $org AND id = ANY($2::uuid[])', [now, alerts.map((a) => a.id)]);
    await own.query('UPDATE monitoring_settings SET last_digest_at = $1, next_digest_at = $2 WHERE organisation_id = $org', [now, nextDigestAt(now, settings.alert_frequency)]);
    result.organisations = 1;
    result.alerts = alerts.length;
    return result;
  });
}

/**
 * Sends every digest that is due at `now` (the job's run, or a test's chosen moment), one organisation at a
 * time; an organisation whose digest fails is left due for the next run and the others still go out.
 */
export async function runMonitoringDigests(deps: Deps, options: { now?: Date } = {}): Promise<DigestResult> {
  const now = options.now ?? new Date();
  const total: DigestResult = { organisations: 0, alerts: 0, notifications: 0, emails: 0 };
  const due = await deps.db.query<{ organisation_id: string }>('SELECT organisation_id FROM monitoring_settings WHERE next_digest_at <= $1 ORDER BY next_digest_at', [now]);
  let failure: unknown = null;
  for (const { organisation_id } of due) {
    try {
      const one = await digestOrganisation(deps, organisation_id, now);
      if (!one) continue;
      total.organisations += one.organisations;
      total.alerts += one.alerts;
      total.notifications += one.notifications;
      total.emails += one.emails;
    } catch (error) {
      deps.log.warn(`monitoring digest of organisation ${organisation_id} not sent: ${(error as Error).message}`);
      failure ??= error;
    }
  }
  // The job is retried for the organisations left due; the ones sent are not due any more.
  if (failure) throw failure;
  return total;
}

/** What a digest e-mail lists for one case. */
interface EmailCase {
  reference: string;
  name: string;
  new_hits: number;
  updated_records: number;
  ended_at: string | null;
}

const dateIn = (language: string, iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** The text of one recipient's digest e-mail, in their language. */
export function digestEmail(language: string, name: string, cases: EmailCase[], link: string): { subject: string; text: string } {
  const t = (key: string, values: Record<string, string | number> = {}) => translate(language, `monitoring_configuration.email.${key}`, values);
  const lines = cases.slice(0, EMAIL_CASES).map((c) => {
    const parts: string[] = [];
    if (c.new_hits || c.updated_records) parts.push(t('findings', { new_hits: c.new_hits, updated: c.updated_records }));
    if (c.ended_at) parts.push(t('ended', { date: dateIn(language, c.ended_at) }));
    return `- ${c.reference} · ${c.name}: ${parts.join('; ')}`;
  });
  if (cases.length > EMAIL_CASES) lines.push(t('more', { count: cases.length - EMAIL_CASES }));
  const text = [t('greeting', { name }), t('intro'), lines.join('\n'), t('open', { link }), translate(language, 'email.signature')].join('\n\n');
  return { subject: t('subject'), text };
}

/** Sends one recipient's digest e-mail (the job of it): the alerts it lists, read again, in the user's language. */
export async function sendDigestEmail(deps: Deps, data: { organisation_id: string; user_id: string; alert_ids: string[] }) {
  const own = forOrganisation(deps.db, data.organisation_id);
  // With the organisation's white-label scheme, which the e-mail wears (docs/white-label.md).
  const user = await own.one<{ email: string; name: string; language: string | null; email_notifications: boolean; is_active: boolean; brand: WhiteLabel | null }>(
    `SELECT u.email, u.name, u.language, u.email_notifications, u.is_active, o.white_labeling_for AS brand
       FROM users u JOIN organisations o ON o.id = u.organisation_id WHERE u.id = $1 AND u.organisation_id = $org`,
    [data.user_id],
  );
  // Switched off or deactivated since the digest: nothing to send.
  if (!user?.is_active || !user.email_notifications) return { sent: false };
  const alerts = await own.query<{ case_id: string; kind: string; details: Record<string, any>; reference: string; search_term: string }>(
    `SELECT a.case_id, a.kind, a.details, c.reference, c.search_term FROM monitoring_alerts a JOIN cases c ON c.id = a.case_id AND c.organisation_id = $org
      WHERE a.organisation_id = $org AND a.id = ANY($1::uuid[]) ORDER BY c.reference, a.created_at`,
    [data.alert_ids],
  );
  const cases = new Map<string, EmailCase>();
  for (const a of alerts) {
    const c = cases.get(a.case_id) ?? { reference: a.reference, name: a.search_term, new_hits: 0, updated_records: 0, ended_at: null };
    if (a.kind === 'findings') {
      c.new_hits += Number(a.details.new_hits ?? 0);
      c.updated_records += Number(a.details.updated_records ?? 0);
    } else c.ended_at = String(a.details.ended_at ?? new Date().toISOString());
    cases.set(a.case_id, c);
  }
  if (!cases.size) return { sent: false };
  const mail = digestEmail(user.language ?? 'en', user.name, [...cases.values()], `${deps.config.publicUrl}${DIGEST_LINK}`);
  await deps.mailer.send({ to: user.email, ...mail, brand: user.brand, language: user.language ?? 'en' });
  return { sent: true, cases: cases.size };
}

/** Declares the digest's job kinds; called with monitoring's own (defineAmlMonitoringJobs). */
export function defineMonitoringDigestJobs(deps: Deps, jobs: JobQueue) {
  jobs.define<object>(MONITORING_DIGEST.kind, { policy: 'stately', retryLimit: 10, retryDelaySeconds: 30, maxRunSeconds: 30 * 60 }, async () => runMonitoringDigests(deps));
  jobs.define<{ organisation_id: string; user_id: string; alert_ids: string[] }>(MONITORING_DIGEST.email, { retryLimit: 10, retryDelaySeconds: 30 }, async (job) =>
    sendDigestEmail(deps, job.data),
  );
}
