/**
 * The demo's statecharts as the catalogue lists them (machines/catalogue.ts spreads this list in): sample
 * payloads of the events its screens send and sample answers of its calls, chosen so the graph walk
 * (tests/machines/walk-all.test.ts) takes every guard branch, and the key that tells two snapshots apart
 * so the walk ends. Kept beside the machines so the catalogue only names them.
 */
import type { AnyStateMachine } from 'xstate';
import { demoRequestMachine } from './demo-request.machine';
import { demoSearchMachine } from './demo-search.machine';

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

const ALLOWANCE = { limit: 10, used: 1, left: 9, resets_at: '2026-01-02T00:00:00.000Z' };

export const DEMO_CATALOGUE: Entry[] = [
  {
    id: 'demo/demo-search',
    file: 'machines/demo/demo-search.machine.ts',
    machine: demoSearchMachine,
    description: 'The demo’s search: name, entity type, a year and a country, checked with the shared rules; a used-up daily allowance halts it with the way on to a full account.',
    walk: {
      events: [
        { type: 'EDIT', field: 'search_term', value: 'Ayman al-Zawahri' },
        { type: 'EDIT', field: 'search_term', value: '' },
        // The form statechart can check a value as it is chosen; a refused one is not kept.
        { type: 'EDIT', field: 'birth_year', value: '1850', check: true },
        { type: 'SUBMIT' },
        { type: 'RESET' },
        { type: 'DISMISS' },
        { type: 'FOLLOW_UP' },
      ],
      actors: {
        submit: {
          done: { 'searched': { reference: 'AML-2026-000001', hit_count: 3, case_status: 'For Review', code: 'demo_search_done', message: 'Search AML-2026-000001 screened.', allowance: ALLOWANCE } },
          error: {
            'allowance used': failure(429, 'You have used all 10 demo searches for today. Request a full account, or come back tomorrow.', 'demo_allowance_used', { allowance: { ...ALLOWANCE, used: 10, left: 0 } }),
            'unknown country': failure(400, 'Unknown country code.', 'invalid_country', { field: 'country' }),
          },
        },
      },
      key: (c) => ({ term: c.values.search_term, problems: Object.values(c.fieldErrors).some(Boolean), failed: c.error !== null }),
    },
  },
  {
    id: 'demo/demo-request',
    file: 'machines/demo/demo-request.machine.ts',
    machine: demoRequestMachine,
    description: 'The demo’s "Request full account" dialog: name, company, e-mail, phone and message, checked with the API’s rules, sent, and the confirmation shown.',
    walk: {
      events: [
        { type: 'OPEN' },
        { type: 'EDIT', field: 'name', value: 'Jane Prospect' },
        { type: 'EDIT', field: 'company', value: 'Example Bank' },
        { type: 'EDIT', field: 'email', value: 'jane@example.com' },
        { type: 'EDIT', field: 'name', value: '' },
        { type: 'SUBMIT' },
        { type: 'CLOSE' },
      ],
      actors: {
        send: {
          done: { 'sent': { code: 'demo_request_sent', message: 'Thank you. Your request has been sent and we will contact you at jane@example.com.', values: { email: 'jane@example.com' } } },
          error: { 'too many': failure(429, 'You have sent several requests in the last hour. Please try again later.', 'demo_request_throttled'), 'offline': failure(null, 'offline') },
        },
      },
      key: (c) => ({
        values: Object.values(c.values).filter(Boolean).length,
        name: c.values.name !== '',
        problems: Object.keys(c.problems).filter((k) => c.problems[k]).sort().join(),
        error: c.error?.code ?? null,
        sent: c.confirmation !== null,
      }),
    },
  },
];
