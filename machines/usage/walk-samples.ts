/**
 * The usage statistics statecharts as the catalogue lists them (machines/catalogue.ts spreads this list in):
 * the inputs each starts from, sample payloads of the events its screens send and sample answers of its calls,
 * chosen so the graph walk takes every guard branch, and the key that tells two snapshots apart so the walk
 * ends. Kept beside the machines so the catalogue only names them.
 */
import type { AnyStateMachine } from 'xstate';
import { emptyFigures, usagePeriodProblem, type UsageReportLink, type UsageStatistics } from '../../common/usage';
import { reportLinkMachine } from './report-link.machine';
import { usageStatisticsMachine } from './usage-statistics.machine';

/** The catalogue's entry shape (machines/catalogue.ts CatalogueEntry), restated so this area imports nothing from the root. */
interface Entry {
  id: string;
  file: string;
  machine: AnyStateMachine;
  description: string;
  walk: {
    starts?: { label: string; input?: unknown }[];
    events: ({ type: string } & Record<string, unknown>)[];
    actors?: Record<string, { done?: Record<string, unknown>; error?: Record<string, unknown> }>;
    key?: (context: any) => unknown;
  };
}

/** What the API client raises for a failed call. */
const failure = (status: number | null, message: string, code?: string, data?: Record<string, unknown>) => Object.assign(new Error(message), { status, code, data: { code, ...data } });
const OFFLINE = failure(null, 'offline', 'offline');

const STATISTICS: UsageStatistics = {
  period: { date_preset: 'last_month', first_day: '2026-04-01', last_day: '2026-04-30' },
  totals: { ...emptyFigures(), searches: 3, hits: 4 },
  days: [{ day: '2026-04-01', ...emptyFigures(), searches: 3, hits: 4 }],
  users: [{ user: { _id: 'u1', name: 'Ada' }, searches: 3, decisions: 0, media_searches: 0 }],
  outcomes: {
    case_status: [
      { status: 'Passed', count: 2 },
      { status: 'Passed Conditionally', count: 0 },
      { status: 'For Review', count: 1 },
      { status: 'Failed', count: 0 },
    ],
    alert_level: [
      { level: 'high', count: 0 },
      { level: 'medium', count: 0 },
      { level: 'low', count: 0 },
    ],
  },
};
const LINK: UsageReportLink = { url: 'https://app.example/usage-report-pdf?token=t', expires_at: '2026-05-31T00:00:00Z', period: STATISTICS.period };

export const USAGE_CATALOGUE: Entry[] = [
  {
    id: 'usage/usage-statistics',
    file: 'machines/usage/usage-statistics.machine.ts',
    machine: usageStatisticsMachine,
    description: 'Usage Statistics: the period in the address (a preset at once, a custom range once its days pass the rules), its statistics loaded on each change, the report downloaded as a PDF and a report link made and shown once.',
    walk: {
      starts: [
        { label: 'the default period', input: { search: '' } },
        { label: 'a custom range in the address', input: { search: 'preset=custom&from=2026-04-01&to=2026-04-30' } },
      ],
      events: [
        { type: 'LOCATION', search: 'preset=last_month' },
        { type: 'LOCATION', search: '' },
        { type: 'PRESET', preset: 'custom' },
        { type: 'PRESET', preset: 'this_month' },
        { type: 'EDIT_RANGE', field: 'date_from', value: '2026-04-31' },
        { type: 'EDIT_RANGE', field: 'date_from', value: '2026-04-01' },
        { type: 'APPLY_RANGE' },
        { type: 'RETRY' },
        { type: 'DOWNLOAD' },
        { type: 'SHARE' },
        { type: 'CLOSE_LINK' },
      ],
      actors: {
        load: {
          done: { 'the statistics': STATISTICS },
          error: { 'range refused': failure(400, 'Choose a period of at most 2 years.', 'usage_range_too_long', { field: 'date_from' }), 'offline': OFFLINE },
        },
        download: { done: { 'downloaded': {} }, error: { 'offline': OFFLINE } },
        share: { done: { 'a link': { ...LINK, code: 'usage_report_link_created', message: 'Report link created. It works for 30 days.' } }, error: { 'flag withdrawn': failure(403, 'Service unavailable', 'service_unavailable') } },
      },
      // What the guards read: the preset shown (samePeriod) and whether the range being chosen passes the rules.
      key: (c) => ({
        view: c.view.date_preset,
        draft: c.draft.date_preset !== 'custom' ? 'preset' : usagePeriodProblem(c.draft) ? 'invalid' : 'valid',
        errors: Object.values(c.rangeErrors).some(Boolean),
      }),
    },
  },
  {
    id: 'usage/report-link',
    file: 'machines/usage/report-link.machine.ts',
    machine: reportLinkMachine,
    description: "A report link's page: the report the token opens, offered to save or open, or the API's message for an unknown or expired link.",
    walk: {
      starts: [{ label: 'a link', input: { token: 't' } }],
      events: [{ type: 'SAVE' }, { type: 'RETRY' }],
      actors: {
        fetch: {
          done: { 'the report': { blob: null, fileName: 'usage-report.pdf', url: 'blob:report' } },
          error: { 'expired': failure(410, 'This report link has expired.', 'usage_report_link_expired'), 'offline': OFFLINE },
        },
      },
      key: (c) => ({ file: c.file !== null, error: c.error?.code ?? null }),
    },
  },
];
