/**
 * Dates of birth and incorporation as lists and searches give them: a full
 * date, a month of a year, a year, or a range of years. One way to show them,
 * in the reader's language and never ambiguous: the month is written as a word
 * ("7 October 1952", "October 1952", "1952"), so 7/10 and 10/7 cannot be
 * confused. The screens pass the user's locale, the English report 'en-GB'.
 */

export interface PartialDate {
  year?: number;
  month?: number;
  day?: number;
  /** A range of years ("between 1960 and 1963"). */
  from_year?: number;
  to_year?: number;
  /** The source says "circa"; callers add their own word for it. */
  approximate?: boolean;
}

/** What a date says: a day, a month of a year, a year, a range of years, or nothing usable. */
export type DatePrecision = 'day' | 'month' | 'year' | 'range' | null;

export function precisionOf(d: PartialDate): DatePrecision {
  if (d.year) {
    if (d.month && d.day) return 'day';
    if (d.month) return 'month';
    return 'year';
  }
  if (d.from_year || d.to_year) return 'range';
  return null;
}

/** A UTC instant inside the date, so no time zone moves it to the day before. */
function instant(year: number, month = 1, day = 1): Date {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, precision: 'day' | 'month' | 'year'): Intl.DateTimeFormat {
  const key = `${locale}|${precision}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      precision === 'day'
        ? { day: 'numeric', month: 'long', year: 'numeric' }
        : precision === 'month'
          ? { month: 'long', year: 'numeric' }
          : { year: 'numeric' };
    format = new Intl.DateTimeFormat([locale, 'en'], { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

/** "7 October 1952", "October 1952", "1952", "1960–1963" in the given locale; '' when the date says nothing. */
export function formatPartialDate(d: PartialDate, locale: string): string {
  const precision = precisionOf(d);
  if (!precision) return '';
  if (precision === 'range') {
    const from = d.from_year ?? d.to_year!;
    const to = d.to_year ?? d.from_year!;
    const format = formatter(locale, 'year');
    return from === to ? format.format(instant(from)) : format.formatRange(instant(from), instant(to));
  }
  return formatter(locale, precision).format(instant(d.year!, d.month, d.day));
}

/**
 * A date written as ISO 8601 text ("1952-10-07", "1952-10", "1952", with or
 * without a time), as lists give listing dates and terms of office; null for
 * anything else, which callers show as written.
 */
export function parseIsoDate(text: string | null | undefined): PartialDate | null {
  const match = /^\s*(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?\s*$/.exec(text ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), match[2] ? Number(match[2]) : undefined, match[3] ? Number(match[3]) : undefined];
  if (month !== undefined && (month < 1 || month > 12)) return null;
  // 1952-02-30 is not a date (it would roll over into March).
  if (day !== undefined && (day < 1 || instant(year, month, day).getUTCDate() !== day)) return null;
  return { year, ...(month ? { month } : {}), ...(day ? { day } : {}) };
}

/** ISO text shown the same way as other dates, or as written when it is not a date. */
export function formatIsoDate(text: string | null | undefined, locale: string): string {
  if (!text) return '';
  const date = parseIsoDate(text);
  return date ? formatPartialDate(date, locale) : text;
}

/**
 * How to label a set of dates: "Date of …" when one of them names a month,
 * "Year of …" when they are only years (or ranges of years).
 */
export function dateLabelKind(dates: readonly PartialDate[]): 'date' | 'year' {
  return dates.some((d) => precisionOf(d) === 'day' || precisionOf(d) === 'month') ? 'date' : 'year';
}
