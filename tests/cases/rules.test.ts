/**
 * The pure rules of case management: date presets in the user's calendar,
 * status transitions and roll-ups, references, and the export's cell rules.
 */
import { describe, expect, it } from 'vitest';
import { canChangeCaseStatus, caseMatchFromHits, caseReference, caseRiskFromHits, initialCaseState, passBlockedByMatches } from '../../common/cases';
import { presetRange } from '../../common/date-presets';
import { columnName } from '../../server/cases/export';
import { neutralise } from '../../common/spreadsheet';

const iso = (d: Date) => d.toISOString();

describe('date presets', () => {
  const now = new Date('2026-03-15T10:30:00Z');
  it('counts days in the user\'s calendar, half-open', () => {
    expect(iso(presetRange('today', now).from)).toBe('2026-03-15T00:00:00.000Z');
    expect(iso(presetRange('today', now).to)).toBe('2026-03-16T00:00:00.000Z');
    // UTC+3 (offset -180): the user's today began at 21:00 UTC the day before.
    expect(iso(presetRange('today', now, -180).from)).toBe('2026-03-14T21:00:00.000Z');
    // UTC-5 at 02:00 UTC is still the 14th locally.
    expect(iso(presetRange('today', new Date('2026-03-15T02:00:00Z'), 300).from)).toBe('2026-03-14T05:00:00.000Z');
    expect(iso(presetRange('yesterday', now).from)).toBe('2026-03-14T00:00:00.000Z');
    expect(iso(presetRange('yesterday', now).to)).toBe('2026-03-15T00:00:00.000Z');
    expect(iso(presetRange('last_7_days', now).from)).toBe('2026-03-09T00:00:00.000Z');
    expect(iso(presetRange('last_30_days', now).from)).toBe('2026-02-14T00:00:00.000Z');
  });
  it('handles months and years across their ends', () => {
    expect(iso(presetRange('this_month', now).from)).toBe('2026-03-01T00:00:00.000Z');
    expect(iso(presetRange('last_month', now).from)).toBe('2026-02-01T00:00:00.000Z');
    expect(iso(presetRange('last_month', now).to)).toBe('2026-03-01T00:00:00.000Z');
    expect(iso(presetRange('last_month', new Date('2026-01-10T00:00:00Z')).from)).toBe('2025-12-01T00:00:00.000Z');
    expect(iso(presetRange('last_3_months', now).from)).toBe('2025-12-15T00:00:00.000Z');
    expect(iso(presetRange('last_6_months', now).from)).toBe('2025-09-15T00:00:00.000Z');
    expect(iso(presetRange('last_year', now).from)).toBe('2025-03-15T00:00:00.000Z');
    expect(iso(presetRange('all_time', now).from)).toBe('1970-01-01T00:00:00.000Z');
  });
  it('takes a custom range as whole days', () => {
    const r = presetRange('custom', now, 0, { from: '2026-01-01', to: '2026-01-31' });
    expect([iso(r.from), iso(r.to)]).toEqual(['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z']);
  });
});

describe('case statuses', () => {
  it('starts Passed without hits and For Review with them', () => {
    expect(initialCaseState([])).toEqual({ case_status: 'Passed', match_status: 'No Match' });
    expect(initialCaseState([{ database: 'sanctions' }, { database: 'pep' }, { database: 'whitelist' }])).toEqual({ case_status: 'For Review', match_status: 'Potential Match' });
    // Only records the organisation has cleared: nothing is left to review.
    expect(initialCaseState([{ database: 'whitelist' }, { database: 'whitelist' }])).toEqual({ case_status: 'Passed', match_status: 'Potential Match' });
    expect(initialCaseState([{ database: 'blacklist' }])).toEqual({ case_status: 'For Review', match_status: 'Potential Match' });
  });
  it('allows the documented transitions only', () => {
    expect(canChangeCaseStatus('For Review', 'Passed')).toBe(true);
    expect(canChangeCaseStatus('For Review', 'Failed')).toBe(true);
    expect(canChangeCaseStatus('Passed', 'For Review')).toBe(true);
    expect(canChangeCaseStatus('Failed', 'For Review')).toBe(true);
    expect(canChangeCaseStatus('Failed', 'Passed')).toBe(false);
    expect(canChangeCaseStatus('Failed', 'Passed Conditionally')).toBe(false);
    expect(canChangeCaseStatus('Passed', 'Passed Conditionally')).toBe(false);
    expect(canChangeCaseStatus('Failed', 'Failed')).toBe(true);
  });
  it('refuses Passed while a hit is a confirmed match', () => {
    expect(passBlockedByMatches('Passed', ['False Positive', 'True Positive'])).toBe(true);
    expect(passBlockedByMatches('Passed', ['False Positive', 'No Match'])).toBe(false);
    expect(passBlockedByMatches('Passed Conditionally', ['True Positive - Approve'])).toBe(false);
  });
  it('rolls hits up into the case', () => {
    expect(caseMatchFromHits([])).toBe('No Match');
    expect(caseMatchFromHits(['Potential Match', 'False Positive'])).toBe('Potential Match');
    expect(caseMatchFromHits(['False Positive', 'True Positive - Approve'])).toBe('True Positive - Approve');
    expect(caseMatchFromHits(['True Positive', 'True Positive - Reject'])).toBe('True Positive - Reject');
    expect(caseMatchFromHits(['False Positive', 'No Match'])).toBe('False Positive');
    expect(caseRiskFromHits([{ risk_level: 'High', match_status: 'False Positive' }, { risk_level: 'Medium', match_status: 'Potential Match' }])).toBe('Medium');
    expect(caseRiskFromHits([{ risk_level: 'High', match_status: 'False Positive' }])).toBe('Low');
  });
  it('formats references', () => {
    expect(caseReference(2026, 42)).toBe('AML-2026-000042');
    expect(caseReference(2026, 1_234_567)).toBe('AML-2026-1234567');
  });
});

describe('export cells', () => {
  it('neutralises what a spreadsheet would run', () => {
    for (const v of ['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutralise(v)).toBe(`'${v}`);
    for (const v of ['Nancy Pelosi', 'AML-2026-000001', '1-2', '']) expect(neutralise(v)).toBe(v);
  });
  it('names columns like a spreadsheet', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
