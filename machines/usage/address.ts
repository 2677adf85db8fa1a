/**
 * The Usage Statistics screen's period in its address (`/usage-statistics?preset=last_month`,
 * `?preset=custom&from=2026-04-01&to=2026-04-30`), so a reload, Back or a shared address shows the same
 * period. Read and written with the shared address rules (machines/shared/address.ts).
 */
import { DATE_PRESETS } from '../../common/enums';
import { USAGE_DEFAULT_PRESET, type UsagePeriodQuery } from '../../common/usage';
import { addressOf, customRange, oneOf, queryParams } from '../shared/address';
import type { UsagePeriod } from './usage-statistics.types';

export function periodFromSearch(search: string): UsagePeriod {
  const q = queryParams(search);
  const preset = oneOf(DATE_PRESETS, q.get('preset'), USAGE_DEFAULT_PRESET);
  return { date_preset: preset, ...customRange(preset, q.get('from'), q.get('to')) };
}

export function searchFromPeriod(period: UsagePeriod): string {
  const q = new URLSearchParams();
  if (period.date_preset !== USAGE_DEFAULT_PRESET) q.set('preset', period.date_preset);
  if (period.date_preset === 'custom') {
    q.set('from', period.date_from.trim());
    q.set('to', period.date_to.trim());
  }
  return addressOf(q);
}

/** The API's query for a period: a preset, or custom with its days. */
export const queryOfPeriod = (period: UsagePeriod): UsagePeriodQuery =>
  period.date_preset === 'custom' ? { date_preset: 'custom', date_from: period.date_from.trim(), date_to: period.date_to.trim() } : { date_preset: period.date_preset };

export const samePeriod = (a: UsagePeriod, b: UsagePeriod) => searchFromPeriod(a) === searchFromPeriod(b);
