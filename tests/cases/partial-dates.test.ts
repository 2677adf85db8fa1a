/**
 * Dates of birth and incorporation, and the lists' ISO dates, are shown one
 * way everywhere: the month in words in the reader's language (never
 * 7/10/1952 or 1952-10-07), and labelled "Date of …" or "Year of …" by what
 * they say. common/partial-dates.ts is used by the screens and the PDF report.
 */
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { dateLabelKind, formatIsoDate, formatPartialDate, parseIsoDate, precisionOf } from '../../common/partial-dates';
import en from '../../locales/en.json';
import { datesLabelId, datesText } from '../../src/features/cases/labels';

describe('formatPartialDate', () => {
  it('writes a full date with the month in words, in the reader\'s language', () => {
    const date = { year: 1952, month: 10, day: 7 };
    expect(formatPartialDate(date, 'en-GB')).toBe('7 October 1952');
    expect(formatPartialDate(date, 'en')).toBe('October 7, 1952');
    expect(formatPartialDate(date, 'de')).toBe('7. Oktober 1952');
    expect(formatPartialDate(date, 'fr')).toBe('7 octobre 1952');
    expect(formatPartialDate(date, 'es')).toBe('7 de octubre de 1952');
    expect(formatPartialDate(date, 'ru')).toMatch(/^7 октября 1952/);
    expect(formatPartialDate(date, 'ar')).toMatch(/أكتوبر/);
    for (const locale of ['en', 'en-GB', 'de', 'fr', 'es', 'ru', 'ar']) {
      const text = formatPartialDate(date, locale);
      // Neither the ISO form nor a numeric day/month order that could be read either way.
      expect(text).not.toMatch(/1952-10-07|\b7\/10\/1952\b|\b10\/7\/1952\b/);
    }
  });

  it('writes a month of a year, a year and a range of years', () => {
    expect(formatPartialDate({ year: 1952, month: 10 }, 'en')).toBe('October 1952');
    expect(formatPartialDate({ year: 1952 }, 'en')).toBe('1952');
    expect(formatPartialDate({ from_year: 1960, to_year: 1963 }, 'en')).toMatch(/^1960\s?–\s?1963$/);
    expect(formatPartialDate({ from_year: 1960 }, 'en')).toBe('1960');
    expect(formatPartialDate({}, 'en')).toBe('');
  });

  it('keeps the day whatever the time zone (no slip to the day before)', () => {
    expect(formatPartialDate({ year: 1970, month: 1, day: 1 }, 'en-GB')).toBe('1 January 1970');
    expect(formatPartialDate({ year: 2000, month: 12, day: 31 }, 'en-GB')).toBe('31 December 2000');
  });
});

describe('ISO dates from the lists', () => {
  it('reads full, month and year dates with or without a time, and refuses what is not a date', () => {
    expect(parseIsoDate('1952-10-07')).toEqual({ year: 1952, month: 10, day: 7 });
    expect(parseIsoDate('2001-01-25T00:00:00Z')).toEqual({ year: 2001, month: 1, day: 25 });
    expect(parseIsoDate('1952-10')).toEqual({ year: 1952, month: 10 });
    expect(parseIsoDate('1952')).toEqual({ year: 1952 });
    expect(parseIsoDate('1952-02-30')).toBeNull();
    expect(parseIsoDate('1952-13-01')).toBeNull();
    expect(parseIsoDate('1960-1963')).toBeNull();
    expect(parseIsoDate('7 Oct 1952')).toBeNull();
    expect(formatIsoDate('2001-01-25', 'en-GB')).toBe('25 January 2001');
    expect(formatIsoDate('sometime in 2001', 'en')).toBe('sometime in 2001');
  });
});

describe('labels', () => {
  it('says "Date of" when a date names a month and "Year of" for years only', () => {
    expect(precisionOf({ year: 1952, month: 10, day: 7 })).toBe('day');
    expect(dateLabelKind([{ year: 1952, month: 10, day: 7 }])).toBe('date');
    expect(dateLabelKind([{ year: 1952, month: 10 }])).toBe('date');
    expect(dateLabelKind([{ year: 1952 }, { from_year: 1950, to_year: 1953 }])).toBe('year');
    expect(datesLabelId([{ year: 1952, month: 10, day: 7 }], 'person')).toBe('cases.fields.birth_date');
    expect(datesLabelId([{ year: 1952 }], 'person')).toBe('cases.fields.year_of_birth');
    expect(datesLabelId([{ year: 1999, month: 3, day: 1 }], 'company')).toBe('cases.fields.incorporation_date');
    expect(datesLabelId([{ year: 1999 }], 'organisation')).toBe('cases.fields.year_of_incorporation');
  });

  it('shows a list of dates in the user\'s language, with their "circa"', () => {
    const flat = (tree: Record<string, unknown>, prefix = ''): Record<string, string> =>
      Object.entries(tree).reduce<Record<string, string>>((out, [k, v]) => Object.assign(out, typeof v === 'string' ? { [prefix + k]: v } : flat(v as Record<string, unknown>, `${prefix}${k}.`)), {});
    const intl = createIntl({ locale: 'en', messages: flat(en) });
    expect(datesText(intl, [{ year: 1952, month: 10, day: 7 }, { year: 1953, approximate: true }])).toBe('October 7, 1952, circa 1953');
  });
});
