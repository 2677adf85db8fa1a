/**
 * Reading an uploaded bulk file (section 5 "Bulk file"; docs/bulk-search.md): the spreadsheet is read by
 * server/uploads/spreadsheet.ts, and each row is checked with Create New Case's rules
 * (common/bulk-rows.ts). Clean rows go to the caller in chunks while reading.
 */
import type { Readable } from 'node:stream';
import { BULK_FILE_EXTENSIONS, BULK_FILE_MAX_BYTES, BULK_MAX_LISTED_PROBLEMS, type BulkColumn, type BulkFileProblem, type BulkRowInput } from '../../common/bulk';
import { checkBulkRow, matchHeaders } from '../../common/bulk-rows';
import { ApiError } from '../http/errors';
import { isKnownCountry } from '../reference/countries';
import { checkRows, readSpreadsheet, type RowCheckResult } from '../uploads/spreadsheet';

export interface BulkFileRow {
  /** The row's line in the file (the header is 1). */
  row: number;
  input: BulkRowInput;
}

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
  format: 'csv' | 'xlsx';
}

export const DEFAULT_CHUNK_ROWS = 1_000;

/** Reads and checks an uploaded bulk file; see the module comment. Throws ApiError for a file that cannot be a batch. */
export async function readBulkFile(source: { filename: string; stream: Readable }, options: ReadBulkFileOptions): Promise<BulkFileResult> {
  const now = options.now ?? new Date();
  return readSpreadsheet(
    source,
    { maxBytes: options.maxBytes ?? BULK_FILE_MAX_BYTES, extensions: BULK_FILE_EXTENSIONS, empty: 'bulk_file_empty', tempDir: options.tempDir },
    (records): Promise<RowCheckResult<BulkColumn>> =>
      checkRows<BulkColumn, BulkRowInput>(records, {
        header: matchHeaders,
        row: (cells, row) => checkBulkRow(cells, row, now, isKnownCountry),
        maxRows: options.maxRows,
        limitError: () => new ApiError(400, 'bulk_limit', { limit: options.maxRows }, undefined, { limit: options.maxRows }),
        maxListed: BULK_MAX_LISTED_PROBLEMS,
        onRows: options.onRows,
        chunkSize: options.chunkSize ?? DEFAULT_CHUNK_ROWS,
        empty: 'bulk_file_empty',
      }),
  );
}
