/**
 * Transactions by file (POST /transactions/upload; docs/transaction-monitoring.md, "Upload"): a CSV (or
 * Excel) file whose columns are the Transaction's fields in snake_case (the template's), read by
 * server/uploads/spreadsheet.ts (any encoding and delimiter) and checked row by row with the same field rules
 * as the JSON call. A file with any problem is refused whole: 400 'Errors Found in Your File' with every
 * problem (row, column, message) and nothing stored. A clean file is ingested as one batch, so it is stored
 * all or nothing as well.
 */
import type { Readable } from 'node:stream';
import { cutValue, matchColumns, type FileProblem } from '../../common/spreadsheet';
import { REQUIRED_TRANSACTION_FIELDS, TRANSACTION_COLUMN_SYNONYMS, transactionProblems } from '../../common/schemas/transactions';
import { TRANSACTION_CSV_COLUMNS, TRANSACTION_CSV_EXAMPLE, TRANSACTION_LIMITS, type TransactionInput, type TransactionInputField, type TransactionUploadProblem } from '../../common/transactions';
import { formatMessage } from '../../common/messages';
import { ApiError } from '../http/errors';
import { checkRows, readSpreadsheet } from '../uploads/spreadsheet';
import type { SpreadsheetTemplate } from '../uploads/template';

export const TRANSACTION_FILE_EXTENSIONS = ['.csv', '.txt', '.xlsx'] as const;

/** The template users fill in: every column, one example row. */
export const TRANSACTION_TEMPLATE: SpreadsheetTemplate<TransactionInputField> = {
  columns: TRANSACTION_CSV_COLUMNS,
  rows: [TRANSACTION_CSV_EXAMPLE],
  sheetName: 'Transactions',
  fileName: 'transactions-template',
};

/** Problems listed in a refusal (every one is counted). */
const MAX_LISTED = 1000;

/** Reads and checks an uploaded file; answers its transactions (with their rows) or throws the refusal. */
export async function readTransactionFile(source: { filename: string; stream: Readable }): Promise<{ row: number; input: TransactionInput }[]> {
  const rows: { row: number; input: TransactionInput }[] = [];
  const result = await readSpreadsheet(source, { maxBytes: TRANSACTION_LIMITS.uploadMaxBytes, extensions: TRANSACTION_FILE_EXTENSIONS, empty: 'bulk_file_empty' }, (records) =>
    checkRows<TransactionInputField, TransactionInput>(records, {
      header: (cells) => matchColumns(cells, { columns: TRANSACTION_CSV_COLUMNS, synonyms: TRANSACTION_COLUMN_SYNONYMS, required: REQUIRED_TRANSACTION_FIELDS }),
      row: (cells, row) => {
        const text: Partial<Record<TransactionInputField, string>> = {};
        let empty = true;
        for (const column of TRANSACTION_CSV_COLUMNS) {
          const value = (cells[column] ?? '').trim();
          if (value) {
            text[column] = value;
            empty = false;
          }
        }
        if (empty) return { problems: [], empty: true };
        const problems: FileProblem<TransactionInputField>[] = [];
        for (const column of TRANSACTION_CSV_COLUMNS) {
          if (text[column]?.includes('\u0000')) problems.push({ row, column, code: 'nul_character' });
        }
        if (problems.length) return { problems };
        const found = transactionProblems(text);
        for (const column of TRANSACTION_CSV_COLUMNS) {
          const code = found[column];
          if (code) problems.push({ row, column, code, ...(text[column] ? { value: cutValue(text[column]!) } : {}) });
        }
        return problems.length ? { problems } : { problems, input: text as unknown as TransactionInput };
      },
      maxRows: TRANSACTION_LIMITS.uploadRowsMax,
      limitError: () => new ApiError(400, 'tm_upload_limit', { limit: TRANSACTION_LIMITS.uploadRowsMax }, 'file', { limit: TRANSACTION_LIMITS.uploadRowsMax }),
      maxListed: MAX_LISTED,
      onRows: async (chunk) => {
        rows.push(...chunk);
      },
      chunkSize: TRANSACTION_LIMITS.uploadRowsMax,
      empty: 'bulk_file_empty',
    }),
  );
  if (result.problem_count > 0) {
    const listed: TransactionUploadProblem[] = result.problems.map((p) => ({
      row: p.row,
      field: p.column,
      code: p.code,
      message: formatMessage(p.code, p.values ?? {}),
      ...(p.value !== undefined ? { value: p.value } : {}),
    }));
    throw new ApiError(400, 'errors_found_in_file', {}, 'file', { rows: listed, problem_count: result.problem_count });
  }
  return rows;
}
