/**
 * The monthly usage e-mail (docs/usage-statistics.md, "The monthly e-mail"): on the first of each month every
 * administrator (a user whose role is the administrator role, active, with a password set) of each organisation
 * with the usage report gets the previous month's report: a report link and the PDF attached.
 *
 * The job runs when the server starts and every hour (startMonthlyUsageReports); a month's e-mails are queued
 * once per organisation, the first time the job runs in the following month, so a server down on the first
 * sends them when it is back, and a restart or a second process sends nothing twice: an organisation's
 * e-mails are enqueued in the transaction that records its month in usage_report_mailings (its primary key
 * lets one transaction win). Each e-mail is a job of its own, retried with backoff; the link is made, and the
 * report drawn, when the e-mail is sent.
 *
 * A system module: the job looks across organisations for the ones due on the raw database; each
 * organisation's e-mails are made through its own handle.
 */
import { previousMonth, type UsageRange } from '../../common/usage';
import type { Queryable } from '../db/client';
import { forOrganisation, inTransaction } from '../db/tenant';
import type { Deps } from '../deps';
import { translate } from '../i18n';
import type { JobQueue } from '../jobs/queue';
import { usageStatistics, reportOrganisation } from './data';
import { issueReportLink, reportLinkUrl } from './links';
import { pdfBuffer, renderUsageReport, usageReportFileName } from './report';

export const USAGE_JOBS = { monthly: 'usage.monthly-report', email: 'usage.report-email', key: 'usage-monthly-report' } as const;
/** How often the server looks for a month whose e-mails have not gone out. */
const CHECK_MINUTES = 60;

export interface MonthlyResult {
  /** The month whose report was sent ("2026-04"). */
  period: string;
  organisations: number;
  emails: number;
}

interface EmailJob {
  organisation_id: string;
  user_id: string;
  /** The month, "2026-04". */
  period: string;
}

export function enqueueMonthlyUsageReports(jobs: JobQueue, tx: Queryable) {
  return jobs.enqueue(tx, USAGE_JOBS.monthly, {}, { singletonKey: USAGE_JOBS.key });
}

/** The administrators a report goes to. */
const RECIPIENTS_SQL = `SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id AND r.organisation_id = $org
   WHERE u.organisation_id = $org AND r.is_admin AND u.is_active AND u.password_hash IS NOT NULL ORDER BY u.created_at, u.id`;

/**
 * Queues the previous month's e-mails of every organisation that has not had them. An organisation created
 * after that month ended has nothing to report and is left out.
 */
export async function runMonthlyUsageReports(deps: Deps, options: { now?: Date } = {}): Promise<MonthlyResult> {
  const { key, range } = previousMonth(options.now ?? new Date());
  const result: MonthlyResult = { period: key, organisations: 0, emails: 0 };
  const due = await deps.db.query<{ id: string }>(
    `SELECT o.id FROM organisations o
      WHERE o.usage_report AND NOT o.is_demo AND o.created_at < $1
        AND NOT EXISTS (SELECT 1 FROM usage_report_mailings m WHERE m.organisation_id = o.id AND m.period = $2)
      ORDER BY o.created_at`,
    [range.to.toISOString(), key],
  );
  for (const { id } of due) {
    const emails = await deps.db.transaction(async (raw) => {
      const own = inTransaction(raw, id);
      const recipients = await own.query<{ id: string }>(RECIPIENTS_SQL);
      const claimed = await own.query('INSERT INTO usage_report_mailings (organisation_id, period, recipients) VALUES ($org, $1, $2) ON CONFLICT DO NOTHING RETURNING period', [
        key,
        recipients.length,
      ]);
      // Another run recorded this month first: its e-mails are on their way.
      if (!claimed.length) return null;
      for (const r of recipients) await deps.jobs.enqueue(raw, USAGE_JOBS.email, { organisation_id: id, user_id: r.id, period: key } satisfies EmailJob);
      return recipients.length;
    });
    if (emails === null) continue;
    result.organisations += 1;
    result.emails += emails;
  }
  return result;
}

const monthName = (language: string, range: UsageRange) =>
  new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(range.from);

/** The text of one administrator's e-mail, in their language. */
export function usageEmail(language: string, values: { name: string; organisation: string; month: string; link: string; expires: string }) {
  const t = (key: string) => translate(language, `usage.email.${key}`, values);
  return { subject: t('subject'), text: [t('greeting'), t('intro'), t('link'), t('attached'), translate(language, 'email.signature')].join('\n\n') };
}

/** Sends one administrator the month's report (the e-mail job): a new link, and the report drawn now. */
export async function sendUsageReportEmail(deps: Deps, data: EmailJob) {
  const own = forOrganisation(deps.db, data.organisation_id);
  const user = await own.one<{ email: string; name: string; language: string | null; is_active: boolean }>(
    'SELECT email, name, language, is_active FROM users WHERE id = $1 AND organisation_id = $org',
    [data.user_id],
  );
  const organisation = await reportOrganisation(own);
  // Removed, deactivated, or the organisation lost the report since the month was queued: nothing to send.
  if (!user?.is_active || !organisation.usage_report) return { sent: false };
  const [year, month] = data.period.split('-').map(Number);
  const { range } = previousMonth(new Date(Date.UTC(year, month, 1)));
  const language = user.language ?? 'en';
  const statistics = await usageStatistics(own, range);
  const link = await issueReportLink(own, { range, purpose: 'email', userId: data.user_id });
  const pdf = await pdfBuffer(renderUsageReport({ organisation: organisation.name, brand: organisation.brand, generatedBy: 'the monthly usage e-mail', statistics }));
  const mail = usageEmail(language, {
    name: user.name,
    organisation: organisation.name,
    month: monthName(language, range),
    link: reportLinkUrl(deps.config.publicUrl, link.token),
    expires: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(link.expires_at)),
  });
  await deps.mailer.send({
    to: user.email,
    ...mail,
    brand: organisation.brand,
    language,
    attachments: [{ filename: usageReportFileName(statistics), contentType: 'application/pdf', content: pdf }],
  });
  return { sent: true };
}

export function defineUsageJobs(deps: Deps) {
  deps.jobs.define<object>(USAGE_JOBS.monthly, { policy: 'stately', retryLimit: 10, retryDelaySeconds: 60, maxRunSeconds: 30 * 60 }, async () => runMonthlyUsageReports(deps));
  deps.jobs.define<EmailJob>(USAGE_JOBS.email, { retryLimit: 10, retryDelaySeconds: 60 }, async (job) => sendUsageReportEmail(deps, job.data));
}

/** Enqueues the monthly job now and every CHECK_MINUTES (at most one waits); the queue's workers run it. */
export function startMonthlyUsageReports(deps: Deps): () => Promise<void> {
  let stopped = false;
  const pending = new Set<Promise<unknown>>();
  const enqueue = () => {
    if (stopped) return;
    const sent = enqueueMonthlyUsageReports(deps.jobs, deps.db).catch((error) => deps.log.error(`monthly usage report not enqueued: ${(error as Error).message}`));
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  enqueue();
  const timer = setInterval(enqueue, CHECK_MINUTES * 60_000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all(pending);
  };
}
