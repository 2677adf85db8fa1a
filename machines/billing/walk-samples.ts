/**
 * The billing screens' statecharts as the catalogue lists them (machines/catalogue.ts spreads this list in): the
 * inputs each starts from, sample payloads of the events its screens send and sample answers of its calls,
 * chosen so the graph walk (tests/machines/walk-all.test.ts) takes every guard branch, and the key that tells
 * two snapshots apart so the walk ends. Kept beside the machines so the catalogue only names them.
 */
import type { AnyStateMachine } from 'xstate';
import { PLAN_FEATURES, PLANS, planHasFeature, type CreditsSummaryAnswer, type Invoice, type LedgerRow, type PlansAnswer } from '../../common/billing';
import type { PlanName } from '../../common/organisation';
import { billingDetailsMachine } from './billing-details.machine';
import { searchFromView } from './credits-query';
import { creditsUsageMachine } from './credits-usage.machine';
import { invoiceDownloadMachine } from './invoice-download.machine';
import { plansMachine } from './plans.machine';
import { topUpMachine } from './top-up.machine';

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
    provide?: Record<string, unknown>;
  };
}

/** What the API client raises for a failed call. */
const failure = (status: number | null, message: string, code?: string, data?: Record<string, unknown>) => Object.assign(new Error(message), { status, code, data: { code, ...data } });
const OFFLINE = failure(null, 'Please check your internet connection.', 'offline');

/** The plans as GET /api/plans answers them for an organisation on `current`. */
export const plansAnswer = (current: PlanName | null): PlansAnswer => ({
  current,
  currency: 'EUR',
  plans: PLANS.map((p) => ({ ...p, features: Object.fromEntries(PLAN_FEATURES.map((f) => [f, planHasFeature(p.name, f)])) as PlansAnswer['plans'][number]['features'] })),
});

export const SAMPLE_INVOICE: Invoice = {
  id: 'i1',
  number: 'INV-2026-000001',
  issued_at: '2026-01-01T00:00:00Z',
  due_at: '2026-01-15T00:00:00Z',
  status: 'open',
  paid_at: null,
  description: 'Plus plan, 2026-01-01 to 2026-02-01',
  lines: [{ description: 'Plus plan, 2026-01-01 to 2026-02-01', quantity: 1, unit_cents: 129_000, total_cents: 129_000 }],
  total_cents: 129_000,
  currency: 'EUR',
  kind: 'plan',
  plan_name: 'plus',
  period_start: '2026-01-01T00:00:00Z',
  period_end: '2026-02-01T00:00:00Z',
  grants: [
    { kind: 'aml_screening', credits: 2_000 },
    { kind: 'media_watcher', credits: 500 },
    { kind: 'transaction_monitoring', credits: 10_000 },
  ],
};

export const SAMPLE_LEDGER_ROW: LedgerRow = {
  id: '1',
  created_at: '2026-01-02T10:00:00Z',
  kind: 'aml_screening',
  entry: 'spend',
  amount: -1,
  balance_after: 24,
  reason: 'case_search',
  actor: { id: 'u1', name: 'Ada' },
  subject: { type: 'case', id: 'c1', label: 'AML-2026-000001' },
};

export const SAMPLE_SUMMARY: CreditsSummaryAnswer = {
  balances: [
    { kind: 'aml_screening', alloted: 25, used: 1, balance: 24 },
    { kind: 'media_watcher', alloted: 10, used: 0, balance: 10 },
    { kind: 'transaction_monitoring', alloted: null, used: 0, balance: null },
  ],
  days: [{ day: '2026-01-02', kind: 'aml_screening', added: 0, spent: 1, balance: 24 }],
};

export const BILLING_CATALOGUE: Entry[] = [
  {
    id: 'billing/plans',
    file: 'machines/billing/plans.machine.ts',
    machine: plansMachine,
    description: 'The Plans screen: the plans loaded, one chosen (Choose, Upgrade or Downgrade), a confirmation of what changes, the choice sent, the session refreshed so the menu follows the plan.',
    walk: {
      events: [{ type: 'CHOOSE', plan: 'plus' }, { type: 'CHOOSE', plan: 'basic' }, { type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'RETRY' }],
      actors: {
        load: { done: { 'on the basic plan': plansAnswer('basic'), 'no plan yet': plansAnswer(null) }, error: { offline: OFFLINE } },
        choose: {
          done: { 'plan chosen': { code: 'plan_chosen', message: 'You are now on the plus plan.', plan_name: 'plus', invoice: SAMPLE_INVOICE } },
          error: { 'already on it': failure(400, 'You are already on this plan.', 'plan_unchanged'), offline: OFFLINE },
        },
      },
      key: (c) => ({ current: c.answer?.current ?? null, loaded: c.answer !== null, target: c.target, refused: c.refusal !== null }),
    },
  },
  {
    id: 'billing/top-up',
    file: 'machines/billing/top-up.machine.ts',
    machine: topUpMachine,
    description: 'Buying credits on Manage Payments: a kind and a number of packs, a confirmation with the price, the purchase sent and its invoice shown.',
    walk: {
      events: [
        { type: 'EDIT', kind: 'media_watcher' },
        { type: 'EDIT', packs: '0' },
        { type: 'EDIT', packs: '3' },
        { type: 'REVIEW' },
        { type: 'CONFIRM' },
        { type: 'CANCEL' },
      ],
      actors: {
        buy: {
          done: { invoiced: { code: 'top_up_invoiced', message: 'Invoice INV-2026-000001 has been issued.', invoice: SAMPLE_INVOICE } },
          error: { 'packs refused': failure(400, 'Choose from 1 to 50 packs.', 'top_up_packs_range', { field: 'packs' }), offline: OFFLINE },
        },
      },
      key: (c) => ({ kind: c.kind, packs: c.packs, problem: c.packsProblem, refused: c.refusal !== null, invoice: c.invoice !== null }),
    },
  },
  {
    id: 'billing/billing-details',
    file: 'machines/billing/billing-details.machine.ts',
    machine: billingDetailsMachine,
    description: 'The billing details printed on invoices: checked with the API’s own schema before sending, then saved.',
    walk: {
      starts: [
        { label: 'nothing stored yet', input: { values: { company_name: 'Harbour Trading' } } },
        {
          label: 'details stored',
          input: { values: { company_name: 'Harbour Trading', billing_email: 'billing@harbour.example', address_line1: '1 Quay Street', city: 'Dublin', postcode: 'D02 XY45', country: 'IE' } },
        },
      ],
      events: [
        // The country is checked as it is chosen: a code the picker does not offer is refused at once.
        { type: 'EDIT', field: 'country', value: 'ZZ', check: true },
        { type: 'EDIT', field: 'country', value: 'IE', check: true },
        { type: 'EDIT', field: 'vat_number', value: '12345' },
        { type: 'EDIT', field: 'vat_number', value: '' },
        { type: 'SUBMIT' },
        { type: 'RESET' },
        { type: 'DISMISS' },
        { type: 'FOLLOW_UP' },
      ],
      actors: {
        submit: {
          done: { saved: { code: 'billing_details_saved', message: 'Billing details saved.' } },
          error: {
            'postcode refused': failure(400, 'Enter a postcode of 2 to 20 letters, digits, spaces or hyphens.', 'billing_postcode_invalid', { field: 'postcode' }),
            'permission withdrawn': failure(403, 'Permission Denied', 'permission_denied'),
          },
        },
      },
      // No refusal of this form halts it (every one names a field the user can fix); the shared chart's halted state
      // is reached here with a stand-in refusal, as the generic form's entry does.
      provide: { guards: { halts: ({ event }: { event: { error?: { status?: number } } }) => event.error?.status === 403 } },
      key: (c) => ({ values: JSON.stringify(c.values), errors: Object.keys(c.fieldErrors).filter((k) => c.fieldErrors[k]).join(), failed: c.errorCode }),
    },
  },
  {
    id: 'billing/credits-usage',
    file: 'machines/billing/credits-usage.machine.ts',
    machine: creditsUsageMachine,
    description: 'Credits Usage, driven by the address: the balances and charts of the period, and the credit ledger filtered by kind, entry and reason, paged and exported.',
    walk: {
      starts: [{ label: 'the plain screen', input: { search: '' } }],
      events: [
        { type: 'LOCATION', search: '?kind=aml_screening' },
        { type: 'LOCATION', search: '?date_preset=last_7_days' },
        { type: 'LOCATION', search: '?page=3' },
        { type: 'EDIT', filters: { kind: 'media_watcher' } },
        { type: 'EDIT', filters: { date_preset: 'custom' } },
        { type: 'DRAFT', filters: { date_from: '2026-02-01', date_to: '2026-01-01' } },
        { type: 'APPLY' },
        { type: 'PAGE', page: 2 },
        { type: 'PAGE_SIZE', pageSize: 50 },
        { type: 'RELOAD' },
        { type: 'EXPORT', format: 'csv' },
      ],
      actors: {
        load: { done: { rows: { data: [SAMPLE_LEDGER_ROW], total: 1 }, 'past the end': { data: [], total: 1 } }, error: { offline: OFFLINE } },
        summary: { done: { balances: SAMPLE_SUMMARY }, error: { offline: OFFLINE } },
        download: { done: { downloaded: {} }, error: { offline: OFFLINE } },
      },
      // What the guards read: the view's address, whether the form holds a custom range, and whether rows came back.
      key: (c) => ({ view: searchFromView(c.view), custom: c.draft.date_preset === 'custom', range: c.rangeError !== null, empty: c.rows.length === 0 }),
    },
  },
  {
    id: 'billing/invoice-download',
    file: 'machines/billing/invoice-download.machine.ts',
    machine: invoiceDownloadMachine,
    description: 'Downloading an invoice’s PDF from the invoices table: one file at a time, a failure told in a snack bar.',
    walk: {
      events: [{ type: 'DOWNLOAD', invoice: { id: 'i1', number: 'INV-2026-000001' } }],
      actors: { download: { done: { saved: undefined }, error: { 'not found': failure(404, 'Invoice not found.', 'invoice_not_found') } } },
      key: (c) => ({ downloading: c.downloading?.id ?? null }),
    },
  },
];
