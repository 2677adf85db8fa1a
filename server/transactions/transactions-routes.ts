/**
 * The transaction calls (spec section 7 "Transactions": transactions, transactions/list, update;
 * docs/transaction-monitoring.md): sending transactions (JSON, 1 to 1000 a call, or a CSV file) and getting
 * each one's decision at once, the listing with its filters, paging and export, a transaction's detail and
 * the AML cases of its parties, and an analyst's decision. Behind the organisation flag
 * transaction_monitoring and view_transaction_monitoring (which section 6 grants with the flag); part of the
 * public API (app.ts acceptApiKeys), so an integrator sends transactions with an API key. Another
 * organisation's reference answers 404 as an unknown one.
 */
import { findRoute, type Requirement } from '../../common/access';
import { TransactionExportQuery, TransactionListQuery, TransactionUpdateBody, TransactionsBody, UploadTemplateQuery } from '../../common/schemas/transactions';
import { TRANSACTION_LIMITS, type TransactionInput, type TransactionStatus, type TransactionUploadAnswer } from '../../common/transactions';
import { auditAction } from '../audit/actor';
import { ApiError } from '../http/errors';
import { done, pageOf } from '../http/reply';
import { route } from '../http/routes';
import { csvStream, xlsxStream } from '../http/spreadsheet';
import { sendTemplate } from '../uploads/template';
import { TRANSACTION_EXPORT_COLUMNS, transactionExportRow } from './export';
import { ingestTransactions } from './ingest';
import { TRANSACTION_UPDATED_ACTION, buildTransactionWhere, listTransactions, streamTransactions, toTransactionDetail, transactionAmlCases, transactionDetail, updateTransaction } from './transactions-data';
import { TRANSACTION_TEMPLATE, readTransactionFile } from './upload';

export const TM_ACCESS: Requirement = { ...findRoute('transaction-listing').requirement, permissions: ['view_transaction_monitoring'] };
export const TM_TAG = 'Transaction monitoring';
/**
 * Section 6 grants view_transaction_monitoring with the organisation flag (common/access.ts effectivePermissions), so no
 * user of an organisation with the flag lacks it: the attack suite's requirement check refuses the flag instead.
 */
export const TM_ATTACK = {
  skip: { permissions: 'view_transaction_monitoring comes with the transaction_monitoring flag (section 6), so no role lacks it where the flag is on; the requirement check covers the flag' },
};
const REFERENCE = { 'path.reference': 'tm_transaction' } as const;

const EXAMPLE_TRANSACTION: TransactionInput = {
  reference_id: 'TX-2026-000101',
  created_at: '2026-03-01T09:30:00Z',
  customer_id: 'CUST-1001',
  customer_first_name: 'Maria',
  customer_last_name: 'Lopez',
  amount: '1250.00',
  currency: 'EUR',
  payment_method: 'bank_transfer',
  type: 'transfer',
  direction: 'outbound',
  ip_address: '203.0.113.7',
  ip_country: 'ES',
  remitter_name: 'Maria Lopez',
  remitter_account: 'ES9121000418450200051332',
  remitter_country: 'ES',
  beneficiary_name: 'Acme Trading GmbH',
  beneficiary_account: 'DE89370400440532013000',
  beneficiary_country: 'DE',
  remitter_card: '411111******1111',
};

export function transactionRoutes() {
  return [
    route({
      method: 'POST',
      path: '/transactions',
      operationId: 'ingestTransactions',
      examples: [{ body: { transactions: [EXAMPLE_TRANSACTION] } }],
      attack: { ...TM_ATTACK, runs: { count: 100, reason: 'an accepted request screens both parties and stores transactions, spending credits' } },
      tag: TM_TAG,
      summary:
        "Sends 1 to 1000 transactions (section 3's fields in snake_case; reference_id, amount, currency and direction required) and answers each one's decision at once: status (accepted, rejected, AML hold, hold other, under review, AML check failed), score, total risk factor score, the rules that fired with their explanation, the screening of remitter and beneficiary (a listed party puts the transaction on AML hold and gets an AML case) and the alerts raised. Idempotent by reference_id: a reference already stored answers its stored decision with duplicate: true and spends nothing. Each new transaction spends one Transaction Monitoring credit (402 tm_credits with credits_expired when they do not cover the batch; nothing is stored). A bad field refuses the whole batch (400 naming transactions.<i>.<field>). Cards only masked or as their last four digits: a full card number is refused.",
      access: TM_ACCESS,
      body: TransactionsBody,
      async handler({ deps, org, auth, body }) {
        const outcome = await ingestTransactions(deps, org, body.transactions as unknown as TransactionInput[], { source: 'api', actor: { id: auth.user.id, name: auth.user.name } });
        return { results: outcome.results, accepted: outcome.accepted, duplicates: outcome.duplicates };
      },
    }),

    route({
      method: 'POST',
      path: '/transactions/upload',
      operationId: 'uploadTransactions',
      upload: { field: 'file', maxBytes: TRANSACTION_LIMITS.uploadMaxBytes },
      attack: { ...TM_ATTACK, runs: { count: 60, reason: 'an accepted request reads a file and stores transactions' } },
      tag: TM_TAG,
      summary: `Sends transactions as a file (multipart field file: CSV in any encoding and delimiter, or xlsx; at most ${TRANSACTION_LIMITS.uploadMaxBytes} bytes and ${TRANSACTION_LIMITS.uploadRowsMax} rows) whose columns are the template's (GET transactions/upload-template). A file with problems answers 400 'Errors Found in Your File' with every problem ({ rows: [{ row, field, code, message }], problem_count }) and stores nothing; a clean file is decided like POST transactions and answers { accepted, duplicates, results }.`,
      access: TM_ACCESS,
      async handler({ deps, org, auth, upload }) {
        if (!upload) throw new ApiError(400, 'bulk_file_required', {}, 'file');
        const rows = await readTransactionFile(upload);
        const outcome = await ingestTransactions(
          deps,
          org,
          rows.map((r) => r.input),
          { source: 'upload', actor: { id: auth.user.id, name: auth.user.name } },
        ).catch((error: unknown) => {
          // A refused field names the transaction by its position; the file's user knows it by its row.
          if (error instanceof ApiError && error.field?.startsWith('transactions.')) {
            const [, index, field] = error.field.split('.');
            const row = rows[Number(index)]?.row ?? 0;
            throw new ApiError(400, 'errors_found_in_file', {}, 'file', { rows: [{ row, field, code: error.code, message: error.message }], problem_count: 1 });
          }
          throw error;
        });
        return { accepted: outcome.accepted, duplicates: outcome.duplicates, results: outcome.results } satisfies TransactionUploadAnswer;
      },
    }),

    route({
      method: 'GET',
      path: '/transactions/upload-template',
      operationId: 'getTransactionUploadTemplate',
      examples: [{ query: { format: 'csv' } }],
      attack: TM_ATTACK,
      tag: TM_TAG,
      summary: 'The file to fill in for transactions/upload: every column of a transaction and an example row, as CSV or Excel (xlsx).',
      access: TM_ACCESS,
      query: UploadTemplateQuery,
      async handler({ query, reply }) {
        return sendTemplate(reply, TRANSACTION_TEMPLATE, query.format);
      },
    }),

    route({
      method: 'GET',
      path: '/transactions/list',
      operationId: 'listTransactions',
      ids: { 'query.customer_id': { kind: 'tm_customer', unknown: 200 } },
      examples: [{ query: { page: 1, page_size: 20, status: 'accepted', sort: 'created_at_desc' } }, { query: { customer_id: '<customer id>' } }],
      attack: TM_ATTACK,
      tag: TM_TAG,
      summary:
        "The organisation's transactions a page at a time (page_size at most 100): search q (reference, customer, remitter or beneficiary name or account), status (repeatable), direction, customer_id, account (remitter or beneficiary), min_amount and max_amount, date_preset with date_from and date_to (YYYY-MM-DD) and tz_offset, sort (created_at_desc by default).",
      access: TM_ACCESS,
      query: TransactionListQuery,
      async handler({ org, query }) {
        const { total, rows } = await listTransactions(org, query);
        return pageOf(query, total, rows);
      },
    }),

    route({
      method: 'GET',
      path: '/transactions/export',
      operationId: 'exportTransactions',
      examples: [{ query: { format: 'csv', status: 'AML hold' } }, { query: { format: 'xlsx', customer_id: 'CUST-1001' } }],
      attack: {
        ...TM_ATTACK,
        notIds: {
          'query.customer_id':
            "a filter, as in listTransactions (whose check covers it): an unknown or another organisation's customer gives a file of the header row alone, which the suite cannot tell from another file by its JSON",
        },
      },
      tag: TM_TAG,
      summary: `Exports every transaction of the listing's filters (at most ${TRANSACTION_LIMITS.exportMax}, newest first) as CSV or Excel (xlsx), streamed, with every field and its decision.`,
      access: TM_ACCESS,
      query: TransactionExportQuery,
      async handler({ org, query, reply }) {
        // A bad filter is a 400 before the answer starts, not a broken file.
        buildTransactionWhere(query);
        const batches = streamTransactions(org, query);
        // The first batch is read before the first byte, so a failing query answers as an error, not as a file.
        const first = await batches.next();
        const rows = (async function* () {
          if (first.done) return;
          yield first.value.map((r) => transactionExportRow(toTransactionDetail(r, [], 0)));
          for await (const batch of batches) yield batch.map((r) => transactionExportRow(toTransactionDetail(r, [], 0)));
        })();
        const stamp = new Date().toISOString().slice(0, 10);
        if (query.format === 'xlsx') {
          reply
            .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .header('content-disposition', `attachment; filename="transactions-${stamp}.xlsx"`);
          return reply.send(xlsxStream(TRANSACTION_EXPORT_COLUMNS, rows, { sheetName: 'Transactions' }));
        }
        reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="transactions-${stamp}.csv"`);
        return reply.send(csvStream(TRANSACTION_EXPORT_COLUMNS, rows));
      },
    }),

    route({
      method: 'GET',
      path: '/transactions/detail/:reference',
      operationId: 'getTransaction',
      ids: REFERENCE,
      examples: [{ params: { reference: '<transaction reference>' } }],
      attack: TM_ATTACK,
      tag: TM_TAG,
      summary:
        'A transaction by its reference id: every field, its decision (status, score, total risk factor score), the rules that fired with their explanation, the screening of each party, the alerts it is behind, how many AML cases its parties have, and the analysts\' decisions (history).',
      access: TM_ACCESS,
      async handler({ org, params }) {
        return transactionDetail(org, params.reference);
      },
    }),

    route({
      method: 'GET',
      path: '/transactions/detail/:reference/aml-cases',
      operationId: 'listTransactionAmlCases',
      ids: REFERENCE,
      examples: [{ params: { reference: '<transaction reference>' } }],
      attack: TM_ATTACK,
      tag: TM_TAG,
      summary: "The AML cases of a transaction's remitter and beneficiary (the \"AML cases\" tab): reference (opens /case/{reference} in Manage Case), name, party, case status, risk level, hits.",
      access: TM_ACCESS,
      async handler({ org, params }) {
        return { data: await transactionAmlCases(org, params.reference) };
      },
    }),

    route({
      method: 'POST',
      path: '/update',
      operationId: 'updateTransaction',
      ids: { 'body.reference_id': 'tm_transaction', 'body.assignee_id': { kind: 'user', unknown: 400 } },
      examples: [{ body: { reference_id: '<transaction reference>', status: 'under review', note: 'Asked the customer for the invoice.' } }, { body: { reference_id: '<transaction reference>', assignee_id: '<user id>' } }],
      attack: TM_ATTACK,
      tag: TM_TAG,
      summary:
        "An analyst's decision on a transaction: a new status (accepted, rejected, under review, hold other, AML hold) and/or assignee (a user of the organisation, or null), with an optional note. Each change is kept in the transaction's history (the audit trail).",
      access: TM_ACCESS,
      body: TransactionUpdateBody,
      async handler(ctx) {
        const { org, body } = ctx;
        const assignee = body.assignee_id === undefined ? undefined : body.assignee_id === '' ? null : body.assignee_id.trim();
        if (body.status === undefined && assignee === undefined) throw new ApiError(400, 'decision_required');
        const updated = await org.transaction(async (tx) => {
          const result = await updateTransaction(tx, body.reference_id, { status: body.status as TransactionStatus | undefined, assignee_id: assignee });
          if (Object.keys(result.diff).length) {
            await auditAction(tx, ctx, TRANSACTION_UPDATED_ACTION, { type: 'tm_transaction', id: result.id }, { reference: result.reference, ...result.diff, ...(body.note?.trim() ? { note: body.note.trim() } : {}) });
          }
          return result;
        });
        const detail = await transactionDetail(org, updated.reference);
        return done('tm_transaction_updated', detail, { ref: updated.reference });
      },
    }),
  ];
}
