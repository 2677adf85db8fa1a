/**
 * Reading an uploaded bulk file (section 5 "Bulk file"; docs/bulk-search.md): the spreadsheet is read by
 * server/uploads/spreadsheet.ts, and each row is checked with Create New Case's rules
 * (common/bulk-rows.ts). Clean rows go to the caller in chunks while reading, and so do rows whose only
 * problems are their own (an impossible birth date, an unknown country: isRowOnlyProblem), carrying those
 * problems, to be kept as failed rows while the others are screened. A file with any other problem, or
 * with nothing but failed rows, is refused with every problem listed.
 */
import type { Readable } from 'node:stream';
import { BULK_FILE_EXTENSIONS, BULK_FILE_MAX_BYTES, BULK_MAX_LISTED_PROBLEMS, type BulkColumn, type BulkFileProblem, type BulkRowInput } from '../../common/bulk';
import { checkBulkRow, matchHeaders, type BulkFailedRowInput } from '../../common/bulk-rows';
import { ApiError } from '../http/errors';
import { isKnownCountry } from '../reference/countries';
import { checkRows, readSpreadsheet, type RowCheckResult } from '../uploads/spreadsheet';

export interface BulkFileRow {
  /** The row's line in the file (the header is 1). */
  row: number;
  input: BulkRowInput;
  /** Set for a row kept as failed: its problems (all row-only), and input holds only its name and entity type. */
  problems?: BulkFileProblem[];
}

/** What checkRows stages for the bulk file: a clean row's input, or a failed row's remains and problems. */
type StagedRow = { input: BulkRowInput } | { input: BulkFailedRowInput; problems: BulkFileProblem[] };

export interface ReadBulkFileOptions {
  /** Data rows allowed (the organisation's per-batch limit); one more is 'bulk_limit'. */
  maxRows: number;
  /** Largest file accepted, in bytes; default BULK_FILE_MAX_BYTES. */
  maxBytes?: number;
  /** Receives clean rows, in file order, while the file is read; never called after a problem is found. */
  onRows: (rows: BulkFileRow[]) => Promise<void>;
  /** Rows per onRows call; default 1,000. */
  chunkSize?: number;
  /** "Today" for the birth-date rules (tests). */
  now?: Date;
  /** Where the upload is spooled; default the system's temporary directory. */
  tempDir?: string;
}

export interface BulkFileResult {
  /** Data rows in the file (blank rows are not counted). */
  rows: number;
  /** At most BULK_MAX_LISTED_PROBLEMS problems, in file order. */
  problems: BulkFileProblem[];
  /** Every problem found, listed or not. */
  problem_count: number;
  /** Rows kept as failed (row-only problems), which will not be screened; 0 when the file is refused. */
  failed_rows: number;
  /** The problems of those rows (at most BULK_MAX_LISTED_PROBLEMS), in file order. */
  row_problems: BulkFileProblem[];
  /** Every problem of those rows, listed or not. */
  row_problem_count: number;
  format: 'csv' | 'xlsx';
}

export const DEFAULT_CHUNK_ROWS = 1_000;

/** Reads and checks an uploaded bulk file; see the module comment. Throws ApiError for a file that cannot be a batch. */
export async function readBulkFile(source: { filename: string; stream: Readable }, options: ReadBulkFileOptions): Promise<BulkFileResult> {
  const now = options.now ?? new Date();
  const rowProblems: BulkFileProblem[] = [];
  let rowProblemCount = 0;
  let failedRows = 0;
  const result = await readSpreadsheet(
    source,
    { maxBytes: options.maxBytes ?? BULK_FILE_MAX_BYTES, extensions: BULK_FILE_EXTENSIONS, empty: 'bulk_file_empty', tempDir: options.tempDir },
    (records): Promise<RowCheckResult<BulkColumn>> =>
      checkRows<BulkColumn, StagedRow>(records, {
        header: matchHeaders,
        row: (cells, row) => {
          const checked = checkBulkRow(cells, row, now, isKnownCountry);
          if (checked.rowOnly) {
            failedRows++;
            rowProblemCount += checked.problems.length;
            for (const p of checked.problems) if (rowProblems.length < BULK_MAX_LISTED_PROBLEMS) rowProblems.push(p);
            return { input: { input: checked.rowOnly, problems: checked.problems }, problems: [] };
          }
          return { ...checked, input: checked.input && { input: checked.input } };
        },
        maxRows: options.maxRows,
        limitError: () => new ApiError(400, 'bulk_limit', { limit: options.maxRows }, undefined, { limit: options.maxRows }),
        maxListed: BULK_MAX_LISTED_PROBLEMS,
        onRows: (rows) => options.onRows(rows.map(({ row, input: staged }) => ({ row, input: staged.input as BulkRowInput, ...('problems' in staged ? { problems: staged.problems } : {}) }))),
        chunkSize: options.chunkSize ?? DEFAULT_CHUNK_ROWS,
        empty: 'bulk_file_empty',
      }),
  );
  // Refused files list every problem, row-only ones too, so that one correction round fixes the file.
  if (result.problem_count > 0 || (failedRows > 0 && failedRows === result.rows)) {
    const problems = [...result.problems, ...rowProblems].sort((a, b) => a.row - b.row).slice(0, BULK_MAX_LISTED_PROBLEMS);
    return { ...result, problems, problem_count: result.problem_count + rowProblemCount, failed_rows: 0, row_problems: [], row_problem_count: 0 };
  }
  return { ...result, failed_rows: failedRows, row_problems: rowProblems, row_problem_count: rowProblemCount };
}
