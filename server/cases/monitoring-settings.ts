/**
 * The monitoring configuration's data (docs/monitoring-configuration.md): each organisation's settings (the
 * defaults of common/monitoring.ts until it saves its own), what the screen summarises (alerts waiting,
 * monitored cases, the next and last digest), saving a configuration, and gathering an alert for the next
 * digest. Every statement goes through the organisation's handle; the route module holds no SQL.
 */
import { DEFAULT_MONITORING_SETTINGS, nextDigestAt, type MonitoringSettings, type MonitoringSettingsView } from '../../common/monitoring';
import type { Row } from '../db/client';
import type { OrgDb } from '../db/tenant';
import { hasActiveWebhook } from '../webhooks/data';
import { monitoringOn } from '../case-store/views';

/** The settings row as it is stored, with the digest times; the defaults for an organisation without one. */
export interface StoredSettings extends MonitoringSettings {
  next_digest_at: Date | null;
  last_digest_at: Date | null;
  updated_at: Date | null;
  updated_by: { _id: string; name: string } | null;
}

const SETTINGS_SELECT = `SELECT s.duration, to_char(s.custom_end_date, 'YYYY-MM-DD') AS custom_end_date, s.alert_frequency, s.channels,
       s.next_digest_at, s.last_digest_at, s.updated_at, s.updated_by, u.name AS updated_by_name
  FROM monitoring_settings s LEFT JOIN users u ON u.id = s.updated_by
 WHERE s.organisation_id = $org`;

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function toStored(row: Row | undefined): StoredSettings {
  if (!row) return { ...DEFAULT_MONITORING_SETTINGS, channels: [...DEFAULT_MONITORING_SETTINGS.channels], next_digest_at: null, last_digest_at: null, updated_at: null, updated_by: null };
  return {
    duration: row.duration,
    custom_end_date: row.duration === 'custom' ? row.custom_end_date : null,
    alert_frequency: row.alert_frequency,
    channels: row.channels,
    next_digest_at: date(row.next_digest_at),
    last_digest_at: date(row.last_digest_at),
    updated_at: date(row.updated_at),
    updated_by: row.updated_by ? { _id: row.updated_by, name: row.updated_by_name ?? '' } : null,
  };
}

/** The organisation's settings; `lock` holds its row for the rest of the caller's transaction (when it has one). */
export async function readSettings(org: OrgDb, options: { lock?: boolean } = {}): Promise<StoredSettings> {
  return toStored(await org.one(`${SETTINGS_SELECT}${options.lock ? ' FOR UPDATE OF s' : ''}`));
}

export const settingsOf = (s: StoredSettings): MonitoringSettings => ({
  duration: s.duration,
  custom_end_date: s.custom_end_date,
  alert_frequency: s.alert_frequency,
  channels: [...s.channels],
});

/**
 * Whether the organisation has a web hook to send alerts to: an active one (server/webhooks). The channel
 * is offered only then, so a digest never goes to a channel with nowhere to deliver.
 */
export async function webhooksAvailable(org: OrgDb): Promise<boolean> {
  return hasActiveWebhook(org);
}

/** Cases monitored now (AML or adverse media, for the case or any of its entities, as every screen counts it). */
const MONITORED = `NOT c.is_deleted AND (${monitoringOn('aml_monitoring')} OR ${monitoringOn('adverse_media_monitoring')})`;

/** What the screen shows: the settings (or the defaults) and the summary. */
export async function settingsView(org: OrgDb): Promise<MonitoringSettingsView> {
  const [stored, counts, webhooks] = await Promise.all([
    readSettings(org),
    org.one<{ pending: number; monitored: number }>(
      `SELECT (SELECT count(*)::int FROM monitoring_alerts WHERE organisation_id = $org AND delivered_at IS NULL) AS pending,
              (SELECT count(*)::int FROM cases c WHERE c.organisation_id = $org AND ${MONITORED}) AS monitored`,
    ),
    webhooksAvailable(org),
  ]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    ...settingsOf(stored),
    next_digest_at: iso(stored.next_digest_at),
    last_digest_at: iso(stored.last_digest_at),
    pending_alerts: counts!.pending,
    monitored_cases: counts!.monitored,
    webhooks_available: webhooks,
    updated_at: iso(stored.updated_at),
    updated_by: stored.updated_by,
  };
}

/**
 * Saves the whole configuration (already checked) in the caller's transaction and answers what it was before.
 * A new frequency moves a scheduled digest to one period after the last one (or from now when none was sent
 * yet), so a switch from monthly to daily does not leave alerts waiting a month; with no digest scheduled
 * (nothing waits) there is nothing to move.
 */
export async function saveSettings(tx: OrgDb, input: MonitoringSettings, userId: string, now = new Date()): Promise<{ before: StoredSettings; after: MonitoringSettings }> {
  const before = await readSettings(tx, { lock: true });
  const after: MonitoringSettings = {
    duration: input.duration,
    custom_end_date: input.duration === 'custom' ? input.custom_end_date!.trim() : null,
    alert_frequency: input.alert_frequency,
    channels: [...new Set(input.channels)],
  };
  const next =
    before.next_digest_at && after.alert_frequency !== before.alert_frequency ? nextDigestAt(before.last_digest_at ?? now, after.alert_frequency) : before.next_digest_at;
  await tx.query(
    `INSERT INTO monitoring_settings (organisation_id, duration, custom_end_date, alert_frequency, channels, next_digest_at, updated_by, updated_at)
     VALUES ($org, $1, $2::date, $3, $4::text[], $5, $6, $7)
     ON CONFLICT (organisation_id) DO UPDATE SET duration = EXCLUDED.duration, custom_end_date = EXCLUDED.custom_end_date,
       alert_frequency = EXCLUDED.alert_frequency, channels = EXCLUDED.channels, next_digest_at = EXCLUDED.next_digest_at,
       updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
    [after.duration, after.custom_end_date, after.alert_frequency, after.channels, next, userId, now],
  );
  return { before, after };
}

export interface NewAlert {
  case_id: string;
  kind: 'findings' | 'ended';
  details: Record<string, unknown>;
}

/**
 * Gathers an alert for the organisation's next digest, in the caller's transaction. The first alert of an
 * organisation with no digest scheduled schedules one a period from now (with the defaults stored for an
 * organisation that never saved a configuration).
 */
export async function gatherAlert(tx: OrgDb, alert: NewAlert, now = new Date()) {
  await tx.query('INSERT INTO monitoring_alerts (organisation_id, case_id, kind, details, created_at) VALUES ($org, $1, $2, $3, $4)', [
    alert.case_id,
    alert.kind,
    JSON.stringify(alert.details),
    now,
  ]);
  const settings = await readSettings(tx);
  // Written even when a digest seems scheduled: the upsert waits for a digest holding the row and then reads the
  // row as that digest left it, so an alert gathered while a digest with nothing to send clears the schedule is
  // not stranded without one.
  await tx.query(
    `INSERT INTO monitoring_settings (organisation_id, duration, custom_end_date, alert_frequency, channels, next_digest_at)
     VALUES ($org, $1, $2::date, $3, $4::text[], $5)
     ON CONFLICT (organisation_id) DO UPDATE SET next_digest_at = COALESCE(monitoring_settings.next_digest_at, EXCLUDED.next_digest_at)`,
    [settings.duration, settings.custom_end_date, settings.alert_frequency, settings.channels, nextDigestAt(now, settings.alert_frequency)],
  );
}
