/**
 * The credits calls (docs/billing.md, "Credits ledger"): the balances with what was added and spent on each
 * day of a period, and the ledger's rows, filtered, paged or exported as CSV or Excel. Behind the Credits
 * Usage screen's requirement (section 2: plan billing and update_payment_method, open before a plan is
 * chosen). The calls are the browser's: API keys are refused (app.ts does not open them to keys).
 */
import { findRoute } from '../../common/access';
import type { CreditKind, LedgerEntry, LedgerReason, LedgerRow, LedgerSubject } from '../../common/billing';
import { CreditLedgerExportQuery, CreditLedgerQuery, CreditsSummaryQuery, creditsPeriod, creditsPeriodProblem } from '../../common/schemas/credits';
import { ApiError } from '../http/errors';
import { pageOf } from '../http/reply';
import { route, type AttackDeclaration } from '../http/routes';
import { csvStream, xlsxStream, type CellValue, type SheetColumn } from '../http/spreadsheet';
import { creditsSummary, ledgerPage, streamLedger } from './credits-data';

const ACCESS = findRoute('credits-usage').requirement;
const TAG = 'Billing';
const ATTACK: AttackDeclaration = {
  runs: { count: 40, reason: "the suite's caller belongs to an organisation billed by invoice, which every credits call refuses before reading the request" },
};

/** Refuses a period the other way round or too long, naming the field (400). */
function checkPeriod(query: { from?: string; to?: string }) {
  if (!query.from || !query.to) return;
  const problem = creditsPeriodProblem({ from: query.from, to: query.to });
  if (problem) throw new ApiError(400, problem.message, {}, problem.field);
}

// The export's words, in English as every export of the product is (the screens translate them).
const KIND_WORDS: Record<CreditKind, string> = { aml_screening: 'AML Screening', media_watcher: 'Media Watcher', transaction_monitoring: 'Transaction Monitoring' };
const ENTRY_WORDS: Record<LedgerEntry, string> = { grant: 'Grant', purchase: 'Purchase', spend: 'Spend', refund: 'Refund' };
const REASON_WORDS: Record<LedgerReason, string> = {
  opening_balance: 'Opening balance',
  trial: 'Trial credits',
  plan: 'Plan credits',
  top_up: 'Top-up',
  operator: 'Given by the operator',
  case_search: 'Case search',
  bulk_search: 'Bulk search',
  monitoring: 'Ongoing monitoring',
  media_search: 'Media search',
  media_fetch_more: 'Fetch more media',
  media_monitoring: 'Adverse-media monitoring',
  transactions: 'Transactions',
  demo_search: 'Demo search',
  refund: 'Refund',
};
const SUBJECT_WORDS: Record<LedgerSubject, string> = { case: 'Case', batch: 'Bulk search batch', media_case: 'Media case', transaction: 'Transaction', invoice: 'Invoice' };

type ExportKey = 'created_at' | 'kind' | 'entry' | 'amount' | 'balance_after' | 'reason' | 'actor' | 'subject_type' | 'subject' | 'subject_id';
const EXPORT_COLUMNS: SheetColumn<ExportKey>[] = [
  { key: 'created_at', header: 'Date (UTC)' },
  { key: 'kind', header: 'Credits' },
  { key: 'entry', header: 'Entry' },
  { key: 'amount', header: 'Amount' },
  { key: 'balance_after', header: 'Balance after' },
  { key: 'reason', header: 'Reason' },
  { key: 'actor', header: 'By' },
  { key: 'subject_type', header: 'For' },
  { key: 'subject', header: 'Reference' },
  { key: 'subject_id', header: 'Reference id' },
];

function exportRow(r: LedgerRow): Record<ExportKey, CellValue> {
  return {
    created_at: r.created_at,
    kind: KIND_WORDS[r.kind],
    entry: ENTRY_WORDS[r.entry],
    amount: r.amount,
    // An unlimited kind has no balance.
    balance_after: r.balance_after === null ? 'Unlimited' : r.balance_after,
    reason: REASON_WORDS[r.reason],
    actor: r.actor?.name ?? null,
    subject_type: r.subject ? SUBJECT_WORDS[r.subject.type] : null,
    subject: r.subject ? (r.subject.label ?? r.subject.id) : null,
    subject_id: r.subject?.id ?? null,
  };
}

export function creditsRoutes() {
  return [
    route({
      method: 'GET',
      path: '/credits/summary',
      operationId: 'getCreditsSummary',
      examples: [{ query: {} }, { query: { from: '2026-01-01', to: '2026-01-31' } }],
      tag: TAG,
      attack: ATTACK,
      summary:
        'The balance of each kind of credits now (allotted, used, left; an unlimited kind has no allotment), and for each UTC day of the period (from and to, inclusive, YYYY-MM-DD; the last 30 days by default; at most 2 years) and each kind, what was added, what was spent and the balance at the day\'s end.',
      access: ACCESS,
      query: CreditsSummaryQuery,
      async handler({ org, query }) {
        const period = creditsPeriod(query);
        checkPeriod(period);
        return creditsSummary(org, period);
      },
    }),

    route({
      method: 'GET',
      path: '/credits/ledger',
      operationId: 'listCreditLedger',
      examples: [{ query: { page: 1, page_size: 20 } }, { query: { kind: 'aml_screening', entry: 'spend', reason: 'case_search', from: '2026-01-01', to: '2026-01-31' } }],
      tag: TAG,
      attack: ATTACK,
      summary:
        "The credit ledger's rows, newest first, paged: when, which credits, the entry (grant, purchase, spend, refund), the amount (negative for a spend), the balance after it (none while unlimited), the reason, who (none for background work) and what for (a case, a bulk search batch, a transaction, an invoice). Filters: kind, entry, reason, from and to (inclusive UTC days).",
      access: ACCESS,
      query: CreditLedgerQuery,
      async handler({ org, query }) {
        checkPeriod(query);
        const { total, rows } = await ledgerPage(org, query);
        return pageOf(query, total, rows);
      },
    }),

    route({
      method: 'GET',
      path: '/credits/ledger/export',
      operationId: 'exportCreditLedger',
      examples: [{ query: { format: 'csv' } }, { query: { format: 'xlsx', kind: 'media_watcher' } }],
      tag: TAG,
      attack: ATTACK,
      summary: "Exports every row of the credit ledger's filters, newest first, as CSV or Excel (xlsx), streamed.",
      access: ACCESS,
      query: CreditLedgerExportQuery,
      async handler({ org, query, reply }) {
        // A bad period is a 400 before the answer starts, not a broken file.
        checkPeriod(query);
        const batches = streamLedger(org, query);
        // The first batch is read before the first byte, so a failing query answers as an error, not as a file.
        const first = await batches.next();
        const rows = (async function* () {
          if (first.done) return;
          yield first.value.map(exportRow);
          for await (const batch of batches) yield batch.map(exportRow);
        })();
        const stamp = new Date().toISOString().slice(0, 10);
        if (query.format === 'xlsx') {
          reply
            .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .header('content-disposition', `attachment; filename="credits-ledger-${stamp}.xlsx"`);
          return reply.send(xlsxStream(EXPORT_COLUMNS, rows, { sheetName: 'Credits ledger' }));
        }
        reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="credits-ledger-${stamp}.csv"`);
        return reply.send(csvStream(EXPORT_COLUMNS, rows));
      },
    }),
  ];
}
