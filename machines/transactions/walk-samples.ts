/**
 * Transaction monitoring's statecharts as the catalogue lists them (machines/catalogue.ts spreads this list in):
 * the inputs each starts from, sample payloads of the events its screens send and sample answers of its calls,
 * chosen so the graph walk (tests/machines/walk-all.test.ts) takes every guard branch, and the key that tells
 * two snapshots apart so the walk ends. Kept beside the machines so the catalogue only names them.
 */
import type { AnyStateMachine } from 'xstate';
import type { AlertDetail, AlertRow, BacktestAnswer, RuleRow } from '../../common/tm-alerts';
import type { TransactionAmlCase, TransactionDetail, TransactionRow } from '../../common/transactions';
import { alertWorkflowMachine } from './alert-workflow.machine';
import { searchFromView } from './list-query';
import { backtestKey, definitionValid, metaProblems, ruleBuilderMachine } from './rule-builder.machine';
import { findNode, toDefinition } from './rule-draft';
import { rulesListMachine } from './rules-list.machine';
import { tmListMachine } from './tm-list.machine';
import { transactionUploadMachine } from './transaction-upload.machine';
import { transactionMachine } from './transaction.machine';

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

export const SAMPLE_TRANSACTION: TransactionRow = {
  id: 't1',
  number: 1,
  reference_id: 'TX-1',
  created_at: '2026-01-01T00:00:00Z',
  received_at: '2026-01-01T00:00:01Z',
  customer_id: 'C-1',
  customer_name: 'Ada Lovelace',
  amount: '6000.00',
  currency: 'EUR',
  direction: 'outbound',
  payment_method: 'wire',
  type: 'transfer',
  remitter_name: 'Ada Lovelace',
  remitter_account: 'A-1',
  beneficiary_name: 'Bob',
  beneficiary_account: 'B-1',
  score: 60,
  total_risk_factor_score: 60,
  status: 'under review',
  assignee: null,
  rules_count: 1,
  rule_names: ['Velocity'],
  remitter_country: 'GB',
  beneficiary_country: 'DE',
  source: 'api',
};

const TX_DETAIL = {
  ...SAMPLE_TRANSACTION,
  rules_applied: [],
  screening: [],
  alerts: [],
  aml_case_count: 0,
} as unknown as TransactionDetail;

const AML_CASE: TransactionAmlCase = { reference: 'AML-2026-000001', name: 'Bob', party: 'beneficiary', case_status: 'For Review', risk_level: 'High', hits: 2, created_at: '2026-01-01T00:00:00Z' };

export const SAMPLE_RULE: RuleRow = {
  id: 'r1',
  name: 'Velocity',
  description: 'More than 3 transactions above 5,000 within 24 hours',
  score: 60,
  status: 'Disabled',
  definition: {
    version: 1,
    when: {
      compare: [
        { aggregate: { fn: 'count', per: 'customer', window: { amount: 24, unit: 'hours' }, where: { compare: [{ field: 'amount' }, '>', { value: 5000 }] } } },
        '>',
        { value: 3 },
      ],
    },
  },
  version: 1,
  typology: null,
  is_default: false,
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  last_executed_at: null,
};

const BACKTEST: BacktestAnswer = {
  transactions_scanned: 100,
  alerts: 2,
  hits: 3,
  parties: [{ party_key: 'C-1', name: 'Ada', alerts: 1, triggers: 2, label: 1 }],
  party_count: 1,
  labelled: { precision: 1, recall: 0.5, f1: 0.67, labelled_accounts: 2, flagged_accounts: 1, true_positives: 1 },
  from: '2026-01-01T00:00:00Z',
  to: '2026-01-02T00:00:00Z',
  capped: false,
  took_ms: 12,
};

const ALERT_ROW: AlertRow = {
  alert_id: 'AL-000001',
  level: 'medium',
  workflow_status: 'open',
  matched_rules: [{ id: 'r1', name: 'Velocity' }],
  assignee: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  closed_at: null,
  channel: 'wire',
  counterparty: 'B-1',
  triggered_count: 1,
  party_key: 'C-1',
  party_name: 'Ada',
  customer_id: 'C-1',
  rule_version: 1,
};

const alertDetail = (workflow_status: AlertDetail['workflow_status'], assignee: AlertDetail['assignee'] = null): AlertDetail => ({
  ...ALERT_ROW,
  workflow_status,
  assignee,
  rule: null,
  explanation: null,
  members: [],
  transactions: [],
  transaction_count: 0,
  history: [],
  timeline: [],
  comments: [],
  network: { nodes: [], edges: [], truncated: 0, window: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' } },
  next_statuses: [],
});

export const TM_CATALOGUE: Entry[] = [
  {
    id: 'transactions/tm-list',
    file: 'machines/transactions/tm-list.machine.ts',
    machine: tmListMachine,
    description: 'Transaction Listing, Customer Listing and Alerts Listing: server-paged lists driven by the address, with typed search, amount and date ranges checked before they apply, and the export of the filtered rows.',
    walk: {
      // The three lists differ only in their address format (list-query.ts, tested on its own): one start walks the chart.
      starts: [{ label: 'the transactions', input: { kind: 'transactions', search: '' } }],
      events: [
        { type: 'LOCATION', search: '?page=3' },
        { type: 'EDIT', filters: { direction: 'inbound' } },
        { type: 'EDIT', filters: { min_amount: '900', max_amount: '100' } },
        { type: 'EDIT', filters: { date_preset: 'custom', date_from: '2026-02-01', date_to: '2026-01-01' } },
        { type: 'DRAFT', filters: { search: 'acme' } },
        { type: 'DRAFT', filters: { account: 'A-1' } },
        { type: 'APPLY' },
        { type: 'PAGE', page: 2 },
        { type: 'PAGE_SIZE', pageSize: 50 },
        { type: 'RELOAD' },
        { type: 'SELECT', selection: { t1: true } },
        { type: 'ACTED' },
        { type: 'EXPORT', format: 'csv' },
      ],
      actors: {
        load: { done: { rows: { data: [SAMPLE_TRANSACTION], total: 1 }, 'past the end': { data: [], total: 1 } }, error: { offline: OFFLINE } },
        download: { done: { downloaded: {} }, error: { offline: OFFLINE } },
      },
      key: (c) => ({ kind: c.kind, view: searchFromView(c.kind, c.view), draft: c.draft.search, rows: c.rows.length, loaded: c.loaded, range: c.rangeError?.rule ?? null, amount: c.amountError?.key ?? null, selected: Object.keys(c.selection).length }),
    },
  },
  {
    id: 'transactions/transaction-upload',
    file: 'machines/transactions/transaction-upload.machine.ts',
    machine: transactionUploadMachine,
    description: 'The "Upload transactions" dialog: a CSV checked in the browser, sent with progress, then stored and decided whole, or refused with every row’s problems.',
    walk: {
      events: [
        { type: 'CHOOSE', file: { name: 'transactions.csv', size: 2048 } },
        { type: 'CHOOSE', file: { name: 'transactions.pdf', size: 2048 } },
        { type: 'CHOOSE', file: null },
        { type: 'SUBMIT' },
        { type: 'UPLOAD_PROGRESS', loaded: 1024, total: 2048 },
        { type: 'UPLOADED' },
        { type: 'STORED', answer: { accepted: 1, duplicates: 0, results: [] } },
        { type: 'REFUSED', error: failure(400, 'Errors Found in Your File', 'errors_found_in_file', { rows: [{ row: 2, field: 'amount', message: 'tm_amount_invalid' }] }) },
        { type: 'REFUSED', error: OFFLINE },
        { type: 'REFUSED', error: failure(400, 'Incorrect file format', 'incorrect_file_format', { field: 'file' }) },
        { type: 'REFUSED', error: failure(402, 'Your Transaction Monitoring limit has been reached.', 'tm_credits') },
        { type: 'DOWNLOAD_ERRORS' },
        { type: 'RETRY' },
        { type: 'CANCEL' },
        { type: 'CLOSE' },
      ],
      key: (c) => ({ file: c.file?.name ?? null, fileError: c.fileError, problems: c.problems.length, error: c.error?.code ?? null, result: c.result !== null, sent: c.sent !== null }),
    },
  },
  {
    id: 'transactions/transaction',
    file: 'machines/transactions/transaction.machine.ts',
    machine: transactionMachine,
    description: 'A transaction’s page: its fields and decision, the AML cases of its parties loaded with their tab, and an analyst’s decision confirmed, sent and shown as stored.',
    walk: {
      starts: [{ label: 'a transaction', input: { reference: 'TX-1' } }],
      events: [
        { type: 'RETRY' },
        { type: 'RELOAD' },
        { type: 'SHOW_CASES' },
        { type: 'DECIDE', status: 'accepted' },
        { type: 'DECIDE', status: 'under review' },
        { type: 'CONFIRM' },
        { type: 'CANCEL' },
      ],
      actors: {
        load: { done: { 'under review': TX_DETAIL }, error: { 'not found': failure(404, 'Not found.', 'not_found') } },
        loadCases: { done: { 'one case': [AML_CASE] }, error: { offline: OFFLINE } },
        decide: { done: { stored: { code: 'tm_transaction_updated', message: 'Transaction TX-1 updated.' } }, error: { refused: failure(403, 'Permission Denied', 'permission_denied') } },
      },
      key: (c) => ({ detail: c.detail?.status ?? null, cases: c.cases?.length ?? null, casesError: c.casesError !== null, decision: c.decision, error: c.error !== null, decideError: c.decideError !== null }),
    },
  },
  {
    id: 'transactions/rules-list',
    file: 'machines/transactions/rules-list.machine.ts',
    machine: rulesListMachine,
    description: 'Rules Listing: the rules, each switched Enabled or Disabled in place, one at a time, with the snack bars of section 8.',
    walk: {
      events: [
        { type: 'RELOAD' },
        { type: 'SET_STATUS', id: 'r1', status: 'Enabled' },
        { type: 'SET_STATUS', id: 'r1', status: 'Disabled' },
        { type: 'SAVED', rule: { ...SAMPLE_RULE, id: 'r2', name: 'New one' } },
      ],
      actors: {
        load: { done: { 'one rule': [SAMPLE_RULE] }, error: { offline: OFFLINE } },
        setStatus: { done: { updated: { code: 'rule_updated', message: 'Rule is updated Successfully.' } }, error: { refused: failure(400, 'Rule is not updated.', 'rule_not_updated') } },
      },
      key: (c) => ({ rules: c.rules.map((r: RuleRow) => `${r.id}:${r.status}`).join(), loaded: c.loaded, error: c.error !== null, switching: c.switching?.status ?? null }),
    },
  },
  {
    id: 'transactions/rule-builder',
    file: 'machines/transactions/rule-builder.machine.ts',
    machine: ruleBuilderMachine,
    description: 'The rule builder: a form over the rule language checked as it is typed, a backtest over the stored history beside it, save (a new rule stays Disabled) or save and enable, and a question before unsaved changes are lost.',
    walk: {
      starts: [
        { label: 'a new rule', input: {} },
        { label: 'a stored rule', input: { rule: SAMPLE_RULE } },
      ],
      events: [
        { type: 'META', patch: { name: 'Velocity' } },
        { type: 'META', patch: { score: '60' } },
        { type: 'UPDATE', id: 'n2', patch: { threshold: '3' } },
        { type: 'ADD', parent: 'n1', kind: 'condition' },
        { type: 'ADD', parent: 'n3', kind: 'pattern' },
        { type: 'REMOVE', id: 'n1' },
        { type: 'REMOVE', id: 'n4' },
        { type: 'MOVE', id: 'n2', by: 1 },
        { type: 'BACKTEST' },
        { type: 'STOP_BACKTEST' },
        { type: 'SAVE', enable: false },
        { type: 'SAVE', enable: true },
        { type: 'CLOSE' },
        { type: 'DISCARD' },
        { type: 'KEEP_EDITING' },
      ],
      actors: {
        backtest: { done: { answered: BACKTEST }, error: { offline: OFFLINE } },
        save: {
          done: { 'a disabled rule': { ...SAMPLE_RULE, code: 'tm_rule_created', message: 'Rule created.' }, 'an enabled rule': { rule: { ...SAMPLE_RULE, status: 'Enabled' } } },
          error: { 'name taken': failure(400, 'Rule name must be 2 to 100 characters.', 'tm_rule_name_length', { field: 'name' }) },
        },
        enable: { done: { enabled: { code: 'rule_updated', message: 'Rule is updated Successfully.' } }, error: { refused: failure(400, 'Rule is not updated.', 'rule_not_updated') } },
      },
      // What the guards read (a valid definition, valid fields, unsaved changes, which parts exist), not every edit:
      // adding parts again and again would otherwise never end the walk.
      key: (c) => ({
        definition: definitionValid(c.draft),
        meta: Object.keys(metaProblems(c.draft)).length === 0,
        dirty: c.initial !== JSON.stringify({ name: c.draft.name.trim(), description: c.draft.description.trim(), score: c.draft.score.trim(), definition: toDefinition(c.draft) }),
        added: findNode(c.draft.root, 'n4') !== null && c.rule === null,
        checked: c.checked,
        backtest: c.backtest !== null && c.backtestOf === backtestKey(c.draft),
        enable: c.enable,
        saved: c.saved?.status ?? null,
        saveError: c.saveError?.field ?? null,
      }),
    },
  },
  {
    id: 'transactions/alert-workflow',
    file: 'machines/transactions/alert-workflow.machine.ts',
    machine: alertWorkflowMachine,
    description: 'An alert’s page: the workflow from open through investigation and escalation to closed as a true or false positive (closing confirmed, reopening explained), assignment and comments, each answer showing the alert as stored.',
    walk: {
      starts: [{ label: 'an alert', input: { alertId: 'AL-000001' } }],
      events: [
        { type: 'RETRY' },
        { type: 'RELOAD' },
        { type: 'MOVE', to: 'investigating' },
        { type: 'MOVE', to: 'closed_true_positive' },
        { type: 'MOVE', to: 'open' },
        { type: 'NOTE', note: 'New evidence' },
        { type: 'NOTE', note: 'x'.repeat(513) },
        { type: 'CONFIRM' },
        { type: 'CANCEL' },
        { type: 'ASSIGN', assignee_id: 'u1' },
        { type: 'COMMENT_TEXT', text: 'x' },
        { type: 'COMMENT_TEXT', text: 'Senders share a device.' },
        { type: 'POST_COMMENT' },
      ],
      actors: {
        load: { done: { open: alertDetail('open'), investigating: alertDetail('investigating'), 'closed true positive': alertDetail('closed_true_positive') }, error: { 'not found': failure(404, 'Not found.', 'not_found') } },
        move: { done: { moved: { ...alertDetail('investigating'), code: 'tm_alert_updated', message: 'Alert AL-000001 updated.' } }, error: { refused: failure(400, 'This step is not allowed.', 'tm_alert_transition_invalid') } },
        assign: { done: { assigned: { ...alertDetail('open', { id: 'u1', name: 'Ada' }), code: 'tm_alert_assigned', message: 'Alert AL-000001 assigned.' } }, error: { offline: OFFLINE } },
        comment: { done: { posted: { code: 'comment_added', message: 'Comment added.', comment: { id: 'c1', author: null, text: 'Senders share a device.', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' } } }, error: { offline: OFFLINE } },
      },
      // What the guards read: the status, the assignee, the step chosen and its note, whether the comment can go.
      key: (c) => ({
        status: c.detail?.workflow_status ?? null,
        assignee: c.detail?.assignee?.id ?? null,
        move: c.move ? `${c.move.to}|${c.move.note.length > 512 ? 'long' : c.move.note !== ''}|${c.move.dialog}` : null,
        comment: c.comment.length > 1,
      }),
    },
  },
];
