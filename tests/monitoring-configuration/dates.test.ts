/**
 * The monitoring configuration's date arithmetic and checks (common/monitoring.ts), which the screen and the
 * server both apply: calendar months that keep the day where the month has it (month ends, leap years), the
 * next digest at each frequency, when a case's monitoring ends, and the custom end date's rules.
 */
import { describe, expect, it } from 'vitest';
import { ALERT_FREQUENCIES } from '../../common/enums';
import { addMonths, monitoringEndDateProblem, monitoringEndsAt, monitoringSettingsProblems, nextDigestAt } from '../../common/monitoring';
import { schemaProblems } from '../../common/schemas/field-problems';
import { UpdateMonitoringSettingsBody } from '../../common/schemas/monitoring';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('addMonths', () => {
  it.each([
    ['2026-01-15T10:30:00.000Z', 1, '2026-02-15T10:30:00.000Z'],
    // The last day of a longer month becomes the last day of a shorter one.
    ['2026-01-31T08:00:00.000Z', 1, '2026-02-28T08:00:00.000Z'],
    ['2028-01-31T08:00:00.000Z', 1, '2028-02-29T08:00:00.000Z'],
    ['2026-03-31T00:00:00.000Z', 1, '2026-04-30T00:00:00.000Z'],
    ['2026-05-31T23:59:59.999Z', 1, '2026-06-30T23:59:59.999Z'],
    // A shorter month's last day does not move to the longer month's end.
    ['2026-02-28T12:00:00.000Z', 1, '2026-03-28T12:00:00.000Z'],
    // Across the year, and by quarters, half-years and years.
    ['2026-11-30T00:00:00.000Z', 3, '2027-02-28T00:00:00.000Z'],
    ['2026-12-31T00:00:00.000Z', 2, '2027-02-28T00:00:00.000Z'],
    ['2027-08-31T00:00:00.000Z', 6, '2028-02-29T00:00:00.000Z'],
    // 29 February in a leap year: a year later is 28 February, four years later 29 February again.
    ['2028-02-29T09:00:00.000Z', 12, '2029-02-28T09:00:00.000Z'],
    ['2028-02-29T09:00:00.000Z', 48, '2032-02-29T09:00:00.000Z'],
    // 2100 is not a leap year (divisible by 100), 2000 was (divisible by 400).
    ['2099-02-28T00:00:00.000Z', 12, '2100-02-28T00:00:00.000Z'],
    ['2100-01-31T00:00:00.000Z', 1, '2100-02-28T00:00:00.000Z'],
    ['2000-01-31T00:00:00.000Z', 1, '2000-02-29T00:00:00.000Z'],
  ])('%s plus %i months is %s', (from, months, expected) => {
    expect(iso(addMonths(at(from), months))).toBe(expected);
  });

  it('counts in UTC, whatever the machine’s time zone', () => {
    // Late on the last day of January in UTC is already 1 February east of Greenwich: still January's end here.
    expect(iso(addMonths(at('2026-01-31T23:30:00.000Z'), 1))).toBe('2026-02-28T23:30:00.000Z');
  });
});

describe('nextDigestAt', () => {
  const from = at('2026-01-31T06:00:00.000Z');
  it.each([
    ['daily', '2026-02-01T06:00:00.000Z'],
    ['weekly', '2026-02-07T06:00:00.000Z'],
    ['bi-weekly', '2026-02-14T06:00:00.000Z'],
    ['monthly', '2026-02-28T06:00:00.000Z'],
    ['quarterly', '2026-04-30T06:00:00.000Z'],
    ['semi-annually', '2026-07-31T06:00:00.000Z'],
    ['annually', '2027-01-31T06:00:00.000Z'],
  ] as const)('%s from 31 January is %s', (frequency, expected) => {
    expect(iso(nextDigestAt(from, frequency))).toBe(expected);
  });

  it('covers every frequency of section 9, each later than the one before', () => {
    const times = ALERT_FREQUENCIES.map((f) => nextDigestAt(from, f).getTime());
    expect(times.every((t, i) => i === 0 || t > times[i - 1])).toBe(true);
  });

  it('crosses 29 February in a leap year by days, not by calendar', () => {
    expect(iso(nextDigestAt(at('2028-02-28T12:00:00.000Z'), 'daily'))).toBe('2028-02-29T12:00:00.000Z');
    expect(iso(nextDigestAt(at('2028-02-25T12:00:00.000Z'), 'weekly'))).toBe('2028-03-03T12:00:00.000Z');
    expect(iso(nextDigestAt(at('2028-02-29T12:00:00.000Z'), 'annually'))).toBe('2029-02-28T12:00:00.000Z');
  });
});

describe('monitoringEndsAt', () => {
  const started = at('2028-01-31T15:00:00.000Z');
  it('ends a number of days after monitoring was switched on, to the millisecond', () => {
    expect(iso(monitoringEndsAt(started, { duration: '30', custom_end_date: null }))).toBe('2028-03-01T15:00:00.000Z');
    expect(iso(monitoringEndsAt(started, { duration: '90', custom_end_date: null }))).toBe('2028-04-30T15:00:00.000Z');
    // A leap year has 366 days: 365 days later is the day before the anniversary.
    expect(iso(monitoringEndsAt(at('2028-01-01T00:00:00.000Z'), { duration: '365', custom_end_date: null }))).toBe('2028-12-31T00:00:00.000Z');
    expect(iso(monitoringEndsAt(at('2027-01-01T00:00:00.000Z'), { duration: '365', custom_end_date: null }))).toBe('2028-01-01T00:00:00.000Z');
  });

  it('ends every case at the end of the custom end date (UTC), whenever it was switched on', () => {
    const settings = { duration: 'custom', custom_end_date: '2028-02-29' } as const;
    expect(iso(monitoringEndsAt(started, settings))).toBe('2028-02-29T23:59:59.999Z');
    expect(iso(monitoringEndsAt(at('2028-02-29T23:00:00.000Z'), settings))).toBe('2028-02-29T23:59:59.999Z');
  });
});

describe('the custom end date', () => {
  const now = at('2026-06-15T22:00:00.000Z');
  it.each([
    ['', 'monitoring_end_date_required'],
    ['   ', 'monitoring_end_date_required'],
    [null, 'monitoring_end_date_required'],
    ['15/07/2026', 'invalid_format'],
    ['2026-7-15', 'invalid_format'],
    ['2026-13-01', 'invalid_month'],
    ['2026-00-10', 'invalid_month'],
    ['2027-02-29', 'invalid_day'],
    ['2026-06-31', 'invalid_day'],
    ['2026-06-15', 'monitoring_end_date_past'],
    ['2026-01-01', 'monitoring_end_date_past'],
    ['2026-06-16', null],
    ['2028-02-29', null],
  ])('%j: %s', (value, expected) => {
    expect(monitoringEndDateProblem(value, now)).toBe(expected);
  });

  it('is read only with a custom duration, and the web hooks channel needs a web hook', () => {
    expect(monitoringSettingsProblems({ duration: '30', custom_end_date: '2000-01-01', channels: ['email'] }, { webhooksAvailable: false, now })).toEqual({});
    expect(monitoringSettingsProblems({ duration: 'custom', custom_end_date: null, channels: ['webhooks'] }, { webhooksAvailable: false, now })).toEqual({
      custom_end_date: 'monitoring_end_date_required',
      channels: 'monitoring_webhooks_unavailable',
    });
    expect(monitoringSettingsProblems({ duration: 'custom', custom_end_date: '2026-07-01', channels: ['webhooks'] }, { webhooksAvailable: true, now })).toEqual({});
  });
});

describe('the update schema', () => {
  it('names each field’s own message, as the form shows them all at once', () => {
    expect(schemaProblems(UpdateMonitoringSettingsBody, {})).toEqual({
      duration: 'monitoring_duration_required',
      alert_frequency: 'monitoring_frequency_required',
      channels: 'monitoring_channels_required',
    });
    expect(schemaProblems(UpdateMonitoringSettingsBody, { duration: 90, alert_frequency: 'bi-weekly', channels: 'email,in_app', custom_end_date: null })).toEqual({});
    expect(schemaProblems(UpdateMonitoringSettingsBody, { duration: '7', alert_frequency: 'hourly', channels: ['pigeon'] })).toEqual({
      duration: 'monitoring_duration_required',
      alert_frequency: 'monitoring_frequency_required',
      channels: 'bad_request',
    });
  });
});
