/**
 * The date presets of section 9 as instants. The browser and the server both
 * compute ranges here, in the user's time zone (given as the browser's
 * Date.getTimezoneOffset(), minutes behind UTC), so "today" means the user's
 * today wherever the server runs. Ranges are half-open: from <= t < to.
 */
import type { DatePreset } from './enums';

export interface DateRange {
  from: Date;
  to: Date;
}

const DAY = 86_400_000;

/** Midnight of the local calendar day (y, m, d) as an instant; m may overflow like Date.UTC. */
function localMidnight(y: number, m: number, d: number, offsetMinutes: number): Date {
  return new Date(Date.UTC(y, m, d) + offsetMinutes * 60_000);
}

/** The local calendar date of an instant. */
function localParts(now: Date, offsetMinutes: number) {
  const shifted = new Date(now.getTime() - offsetMinutes * 60_000);
  return { y: shifted.getUTCFullYear(), m: shifted.getUTCMonth(), d: shifted.getUTCDate() };
}

/**
 * The range of a preset. Presets that end "now" end at the start of tomorrow,
 * so a case created a second ago is inside. "all_time" starts in 1970 (section 9).
 * "custom" needs from/to as YYYY-MM-DD (inclusive days).
 */
export function presetRange(preset: DatePreset, now: Date, offsetMinutes = 0, custom?: { from: string; to: string }): DateRange {
  const { y, m, d } = localParts(now, offsetMinutes);
  const today = localMidnight(y, m, d, offsetMinutes);
  const tomorrow = localMidnight(y, m, d + 1, offsetMinutes);
  switch (preset) {
    case 'today':
      return { from: today, to: tomorrow };
    case 'yesterday':
      return { from: localMidnight(y, m, d - 1, offsetMinutes), to: today };
    case 'last_7_days':
      return { from: localMidnight(y, m, d - 6, offsetMinutes), to: tomorrow };
    case 'last_30_days':
      return { from: localMidnight(y, m, d - 29, offsetMinutes), to: tomorrow };
    case 'this_month':
      return { from: localMidnight(y, m, 1, offsetMinutes), to: tomorrow };
    case 'last_month':
      return { from: localMidnight(y, m - 1, 1, offsetMinutes), to: localMidnight(y, m, 1, offsetMinutes) };
    case 'last_3_months':
      return { from: localMidnight(y, m - 3, d, offsetMinutes), to: tomorrow };
    case 'last_6_months':
      return { from: localMidnight(y, m - 6, d, offsetMinutes), to: tomorrow };
    case 'last_year':
      return { from: localMidnight(y - 1, m, d, offsetMinutes), to: tomorrow };
    case 'all_time':
      return { from: new Date(0), to: new Date(tomorrow.getTime() + 366 * DAY) };
    case 'custom': {
      if (!custom) throw new Error('custom range needs dates');
      const [fy, fm, fd] = custom.from.split('-').map(Number);
      const [ty, tm, td] = custom.to.split('-').map(Number);
      return { from: localMidnight(fy, fm - 1, fd, offsetMinutes), to: localMidnight(ty, tm - 1, td + 1, offsetMinutes) };
    }
  }
}
