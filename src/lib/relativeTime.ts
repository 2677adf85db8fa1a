/**
 * Section 9's relative times: just now, minutes, hours, days, weeks. The
 * panel shows "just now" for the first minute and weeks from the seventh day
 * on, however old (a notification older than that is rarely worth a date).
 */
export type RelativeUnit = 'just_now' | 'minutes' | 'hours' | 'days' | 'weeks';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export function relativeTime(then: string | number | Date, now: number = Date.now()): { unit: RelativeUnit; count: number } {
  // A clock slightly ahead of ours must not say "in 2 minutes".
  const elapsed = Math.max(0, now - new Date(then).getTime());
  if (elapsed < MINUTE) return { unit: 'just_now', count: 0 };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  if (elapsed < WEEK) return { unit: 'days', count: Math.floor(elapsed / DAY) };
  return { unit: 'weeks', count: Math.floor(elapsed / WEEK) };
}
