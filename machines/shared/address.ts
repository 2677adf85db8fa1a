/**
 * A list screen's view in its address, read and written the same way on every
 * screen: a value the address cannot hold reads as the default rather than
 * being refused, only what differs from the default is written, and spaces are
 * written as %20. Each screen keeps its own fields; these are the rules they share.
 */

/** The parameters of a query string, with or without its "?". */
export const queryParams = (search: string) => new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);

/** The value if it is one of the allowed ones, otherwise the fallback. */
export function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  const given = value ?? '';
  return (values as readonly string[]).includes(given) ? (given as T) : fallback;
}

/** A whole number from 1 to max written in digits, otherwise the fallback. */
export function positive(value: string | null, fallback: number, max = 1_000_000): number {
  if (!value || !/^\d{1,7}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

/** A custom date range belongs only to the custom preset; other presets carry no dates. */
export function customRange(preset: string, from: string | null, to: string | null): { date_from: string; date_to: string } {
  return preset === 'custom' ? { date_from: (from ?? '').slice(0, 10), date_to: (to ?? '').slice(0, 10) } : { date_from: '', date_to: '' };
}

/** The query string without its "?". URLSearchParams writes spaces as "+"; "%20" reads the same and is what the route guard's examples use. */
export const addressOf = (q: URLSearchParams) => q.toString().replace(/\+/g, '%20');
