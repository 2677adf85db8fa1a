/**
 * The monitoring configuration (section 3 "Monitoring configuration", section 9; docs/monitoring-configuration.md):
 * how long ongoing monitoring runs once it is switched on for a case, how often what it finds is sent,
 * and through which channels. Pure date arithmetic both sides use: the screen shows when monitoring of a
 * case ends and when the next alerts go out with the same functions the server applies.
 */
import type { UserRef } from './actors';
import { ALERT_FREQUENCIES, MONITORING_DURATIONS, NOTIFICATION_CHANNELS } from './enums';
import type { MessageId } from './messages';

export type MonitoringDuration = (typeof MONITORING_DURATIONS)[number];
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export interface MonitoringSettings {
  duration: MonitoringDuration;
  /** YYYY-MM-DD: the day monitoring ends, when duration is custom. */
  custom_end_date: string | null;
  alert_frequency: AlertFrequency;
  channels: NotificationChannel[];
}

export interface MonitoringSettingsView extends MonitoringSettings {
  /** When the alerts gathered so far are sent (null: nothing waits, or the channels send nothing). */
  next_digest_at: string | null;
  last_digest_at: string | null;
  /** Alerts gathered and not yet sent. */
  pending_alerts: number;
  /** Cases monitored now. */
  monitored_cases: number;
  /** Whether the organisation has a web hook to send alerts to (the web hooks channel needs one). */
  webhooks_available: boolean;
  updated_at: string | null;
  updated_by: UserRef | null;
}

/**
 * What an organisation that never opened the screen gets: a year of monitoring, alerts once a day, in
 * the app and by e-mail. A year is the usual period between full reviews of a customer; daily keeps a
 * new sanctions hit from waiting longer than a working day.
 */
export const DEFAULT_MONITORING_SETTINGS: MonitoringSettings = { duration: '365', custom_end_date: null, alert_frequency: 'daily', channels: ['in_app', 'email'] };

const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/** Adds calendar months in UTC, keeping the day where the month has it (31 January + 1 month = 28 or 29 February). */
export function addMonths(d: Date, months: number): Date {
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return target;
}

/** When the alerts gathered from `from` on are sent, at the given frequency. */
export function nextDigestAt(from: Date, frequency: AlertFrequency): Date {
  switch (frequency) {
    case 'daily':
      return addDays(from, 1);
    case 'weekly':
      return addDays(from, 7);
    case 'bi-weekly':
      return addDays(from, 14);
    case 'monthly':
      return addMonths(from, 1);
    case 'quarterly':
      return addMonths(from, 3);
    case 'semi-annually':
      return addMonths(from, 6);
    case 'annually':
      return addMonths(from, 12);
  }
}

/**
 * When monitoring of a case switched on at `startedAt` ends: its number of days later, or at the end of
 * the custom date (UTC) for every case.
 */
export function monitoringEndsAt(startedAt: Date, settings: Pick<MonitoringSettings, 'duration' | 'custom_end_date'>): Date {
  if (settings.duration === 'custom') return new Date(`${settings.custom_end_date}T23:59:59.999Z`);
  return addDays(startedAt, Number(settings.duration));
}

/** YYYY-MM-DD of a date in UTC. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Today's UTC day, YYYY-MM-DD: the custom end date is a calendar day in UTC, as monitoringEndsAt reads it. */
const todayUtc = (now: Date) => isoDay(now);

/**
 * The custom end date's problem, or null: required, a real YYYY-MM-DD date, and after today (UTC), since a
 * period that has already ended would switch monitoring off for every case at the next sweep.
 */
export function monitoringEndDateProblem(value: string | null | undefined, now = new Date()): MessageId | null {
  const v = (value ?? '').trim();
  if (!v) return 'monitoring_end_date_required';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return 'invalid_format';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) return 'invalid_month';
  if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return 'invalid_day';
  if (v <= todayUtc(now)) return 'monitoring_end_date_past';
  return null;
}

/**
 * Checks across fields that the schema (common/schemas/monitoring.ts) cannot make, the same in the form and
 * in update-ongoing-monitoring-settings: the end date of a custom duration, and the web hooks channel,
 * which needs a web hook to send to.
 */
export function monitoringSettingsProblems(
  values: Pick<MonitoringSettings, 'duration' | 'custom_end_date' | 'channels'>,
  options: { webhooksAvailable: boolean; now?: Date },
): Partial<Record<'custom_end_date' | 'channels', MessageId>> {
  const problems: Partial<Record<'custom_end_date' | 'channels', MessageId>> = {};
  if (values.duration === 'custom') {
    const problem = monitoringEndDateProblem(values.custom_end_date, options.now);
    if (problem) problems.custom_end_date = problem;
  }
  if (values.channels?.includes('webhooks') && !options.webhooksAvailable) problems.channels = 'monitoring_webhooks_unavailable';
  return problems;
}
