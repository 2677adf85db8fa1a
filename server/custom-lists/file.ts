/**
 * Reading an uploaded custom list file (section 5 "Custom list": at most 10 MB; docs/custom-lists.md):
 * the spreadsheet is read by server/uploads/spreadsheet.ts, each row checked with the record rules the
 * form and the API use (common/custom-lists.ts checkListRow). The clean records are handed back as
 * chunks ready for one INSERT each, and written only once the whole file is known to be clean.
 *
 * Why the records wait in memory rather than being staged in the database as bulk search stages its
 * rows: a list must change all at once for screening (a half-read file must never be screened, and a
 * file with a problem must leave nothing behind), and the file is at most 10 MB, so its records held as
 * JSON text (one string per 1,000 records) take a few tens of megabytes at worst.
 */
import type { Readable } from 'node:stream';
import {
  CUSTOM_LIST_FILE_EXTENSIONS,
  CUSTOM_LIST_FILE_MAX_BYTES,
  CUSTOM_LIST_MAX_LISTED_PROBLEMS,
  checkListRow,
  matchListHeaders,
  type CustomListColumn,
  type CustomListFileProblem,
  type ListRecordInput,
} from '../../common/custom-lists';
import { ApiError } from '../http/errors';
import { isKnownCountry } from '../reference/countries';
import { checkRows, readSpreadsheet } from '../uploads/spreadsheet';

/** Records per INSERT statement. */
export const RECORDS_PER_STATEMENT = 1_000;

/** One record as the INSERT's jsonb_to_recordset reads it. */
export interface RecordRow {
  full_name: string;
  aliases: string[];
  entity_type: string;
  birth_year: number | null;
  birth_month: number | null;
  birth_day: number | null;
  country: string | null;
  category: string | null;
  source_row: number | null;
}

export const recordRow = (input: ListRecordInput, sourceRow: number | null): RecordRow => ({
  full_name: input.full_name,
  aliases: input.aliases,
  entity_type: input.entity_type,
  birth_year: input.birth_year ?? null,
  birth_month: input.birth_month ?? null,
  birth_day: input.birth_day ?? null,
  country: input.country ?? null,
  category: input.category ?? null,
  source_row: sourceRow,
});

export interface ListFileResult {
  /** Records in the file (blank rows are not counted). */
  rows: number;
  /** Each a JSON array of at most RECORDS_PER_STATEMENT RecordRows, in file order; empty when the file has problems. */
  chunks: string[];
  /** At most CUSTOM_LIST_MAX_LISTED_PROBLEMS problems, in file order. */
  problems: CustomListFileProblem[];
  /** Every problem found, listed or not. */
  problem_count: number;
  format: 'csv' | 'xlsx';
}

/**
 * Reads and checks an uploaded list file. maxRecords: how many records the list may still take (one
 * more is 'list_record_limit' with the list's limit). Throws ApiError for a file that cannot be a list
 * (format, size, no records, too many).
 */
export async function readListFile(
  source: { filename: string; stream: Readable },
  options: { maxRecords: number; limit: number; now?: Date; tempDir?: string },
): Promise<ListFileResult> {
  const now = options.now ?? new Date();
  const chunks: string[] = [];
  try {
    const result = await readSpreadsheet(
      source,
      { maxBytes: CUSTOM_LIST_FILE_MAX_BYTES, extensions: CUSTOM_LIST_FILE_EXTENSIONS, empty: 'bulk_file_empty', tempDir: options.tempDir },
      (records) =>
        checkRows<CustomListColumn, ListRecordInput>(records, {
          header: matchListHeaders,
          row: (cells, row) => checkListRow(cells, row, now, isKnownCountry),
          maxRows: Math.max(0, options.maxRecords),
          limitError: () => new ApiError(400, 'list_record_limit', { limit: options.limit }, 'file', { limit: options.limit }),
          maxListed: CUSTOM_LIST_MAX_LISTED_PROBLEMS,
          onRows: async (rows) => {
            chunks.push(JSON.stringify(rows.map((r) => recordRow(r.input, r.row))));
          },
          chunkSize: RECORDS_PER_STATEMENT,
          empty: 'bulk_file_empty',
        }),
    );
    return { ...result, chunks: result.problem_count > 0 ? [] : chunks };
  } catch (error) {
    // The shared reader speaks of rows to screen; a list holds records.
    if (error instanceof ApiError && error.code === 'bulk_file_empty') throw new ApiError(400, 'list_file_empty', {}, 'file');
    if (error instanceof ApiError && !error.field && (error.code === 'incorrect_file_format' || error.code === 'file_too_large')) {
      throw new ApiError(error.status, error.code, {}, 'file');
    }
    throw error;
  }
}
