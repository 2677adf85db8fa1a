/**
 * Request schemas of the ongoing monitoring calls (section 7 "Ongoing monitoring"; docs/monitoring-configuration.md).
 * A missing or unknown duration or frequency, and no channel at all, answer the field's own message; the
 * checks across fields (the custom end date, the web hooks channel) are monitoringSettingsProblems() in
 * common/monitoring.ts, which the route and the form both apply.
 */
import { array, coerce, defaulted, enums, integer, max, min, nullable, object, optional, refine, size, string, Struct, type Infer } from 'superstruct';
import { ALERT_FREQUENCIES, DATE_PRESETS, MONITORING_DURATIONS, NOTIFICATION_CHANNELS } from '../enums';
import type { MessageId } from '../messages';
import { INPUT_LIMITS, MAX_LIST_ITEMS, text, textOrNumber } from './core';

/** One of a fixed set of values; anything else, and nothing, fails with the field's own message. Published as an enum. */
function choice<T extends string>(values: readonly T[], message: MessageId): Struct<T, { [K in T]: K }> {
  return new Struct({
    type: 'enums',
    schema: Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K },
    validator: (value) => (values as readonly unknown[]).includes(value) || message,
  });
}

/** The channels as a list, a single value or comma-separated (form data), at least one. */
const channels = defaulted(
  refine(
    coerce(size(array(enums(NOTIFICATION_CHANNELS)), 0, MAX_LIST_ITEMS), string(), (value) =>
      value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
    'channels',
    (value) => value.length > 0 || 'monitoring_channels_required',
  ),
  [],
);

/** POST /api/update-ongoing-monitoring-settings: the whole configuration. */
export const UpdateMonitoringSettingsBody = object({
  /** Days (30, 90, 365; a number is taken too) or custom. */
  duration: textOrNumber(choice(MONITORING_DURATIONS, 'monitoring_duration_required')),
  /** YYYY-MM-DD, the last day monitoring runs (UTC); required with custom, ignored otherwise. */
  custom_end_date: optional(nullable(text(INPUT_LIMITS.short))),
  alert_frequency: choice(ALERT_FREQUENCIES, 'monitoring_frequency_required'),
  channels,
});
export type UpdateMonitoringSettingsBodyValue = Infer<typeof UpdateMonitoringSettingsBody>;

/** GET /api/get-ongoing-pdf-report: the period, as Manage Case's date filter takes it; the last 30 days when none is given. */
export const MonitoringReportQuery = object({
  date_preset: optional(enums(DATE_PRESETS)),
  date_from: optional(text(INPUT_LIMITS.short)),
  date_to: optional(text(INPUT_LIMITS.short)),
  /** The browser's Date.getTimezoneOffset(), so presets follow the user's calendar. */
  tz_offset: optional(coerce(max(min(integer(), -840), 840), string(), (v) => Number(v))),
});
export type MonitoringReportQueryValue = Infer<typeof MonitoringReportQuery>;
