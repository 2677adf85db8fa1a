/**
 * Bulk search (section 2 "Bulk search", section 3 "Batch", section 5 "Bulk file"): what the browser,
 * the API and the batch runner agree on. A batch is one uploaded file; each of its rows is one search
 * input, screened into one case exactly as Create New Case would, with the options chosen in the
 * upload modal applied to every row. docs/bulk-search.md explains the whole flow.
 */
import type { FileProblem } from './spreadsheet';
import { LIMITS } from './constants';

/** Rows a batch may hold unless the provider raised the organisation's limit (section 9: "value not shown"). */
export const DEFAULT_BULK_ENTITY_LIMIT = 10_000;
/** The largest file accepted ('File size is too large.'): room for well over 100,000 rows of the template. */
export const BULK_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** File types accepted: CSV in UTF-8 (with or without BOM), UTF-16 or Windows-1252, any delimiter; Excel .xlsx. */
export const BULK_FILE_EXTENSIONS = ['.csv', '.txt', '.xlsx'] as const;
/** Problems listed for one file; the count of all of them is always given. */
export const BULK_MAX_LISTED_PROBLEMS = 5_000;
/** A checked file not started within this time is forgotten (its draft rows are deleted). */
export const BULK_DRAFT_HOURS = 24;
/** Batch name: 2 to 100 characters (section 5 names the field but not its rules). */
export const BATCH_NAME = LIMITS.batchName;

/**
 * The template's columns, in order: section 3's search input without what the modal chooses for the
 * whole batch (databases or profile, match score, exact match, AKAs, RCA) and without the face image.
 * Headers are matched case-insensitively, with spaces, hyphens and underscores alike ("Entity Type",
 * "entity-type" and "ENTITY_TYPE" are one column).
 */
export const BULK_COLUMNS = [
  'name',
  'entity_type',
  'birth_day',
  'birth_month',
  'birth_year',
  'countries',
  'residence_countries',
  'nationality',
  'gender',
  'unique_identifier',
  'national_id',
  'client_reference',
  'aml_monitoring',
  'adverse_media_monitoring',
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
export const BULK_REQUIRED_COLUMNS: readonly BulkColumn[] = ['name', 'entity_type'];

/** One checked row of a file: the search input of one case (the batch's options are added when it runs). */
export interface BulkRowInput {
  search_term: string;
  entity_type: 'person' | 'company' | 'location';
  birth_day?: number;
  birth_month?: number;
  birth_year?: number;
  countries: string[];
  residence_countries: string[];
  nationality?: string;
  gender?: 'male' | 'female' | 'other';
  unique_identifier?: string;
  national_id?: string;
  client_reference?: string;
  aml_monitoring: boolean;
  adverse_media_monitoring: boolean;
}

/** A problem in an uploaded bulk file (common/spreadsheet.ts FileProblem). */
export type BulkFileProblem = FileProblem<BulkColumn>;

/** What the API answers for a checked file (POST /api/validate-search-batch). */
export interface BulkUploadView {
  upload_id: string;
  file_name: string;
  rows: number;
  /** The organisation's per-batch limit at the time of the check. */
  entity_limit: number;
  /**
   * Rows that will not be screened because of their own data (an impossible birth date, an unknown
   * country: common/bulk-rows.ts isRowOnlyProblem); they are in `rows`, cost nothing and show as failed
   * with their problems in the batch's summary download. The API always answers these three.
   */
  failed_rows?: number;
  /** Their problems (at most BULK_MAX_LISTED_PROBLEMS), in file order. */
  row_problems?: BulkFileProblem[];
  row_problem_count?: number;
}

/** The 400 answer for a file with problems: code 'errors_found_in_file'. */
export interface BulkFileErrors {
  problems: BulkFileProblem[];
  problem_count: number;
}

/** Options chosen in the upload modal, applied to every row. */
export interface BulkOptions {
  search_type: 'manual' | 'profile';
  databases: string[];
  search_profile_id?: string | null;
  match_score?: number | null;
  exact_match: boolean;
  match_akas: boolean;
  match_rca: boolean;
}

/** Section 4's batch status, shown in the table. */
export type BatchStatus = 'Success' | 'Deleted' | 'Pending';
/** Where a batch is in its run (Pending covers queued, running and paused). */
export type BatchPhase = 'queued' | 'running' | 'paused' | 'finished' | 'deleted';
export type BatchPausedReason = 'credits' | 'daily_limit';

export const batchStatusOf = (phase: BatchPhase): BatchStatus => (phase === 'finished' ? 'Success' : phase === 'deleted' ? 'Deleted' : 'Pending');

/** A batch's progress, sent on the socket (SOCKET_EVENTS.bulkProgress) to its organisation after each stored chunk. */
export interface BatchProgress {
  id: string;
  status: BatchStatus;
  phase: BatchPhase;
  paused_reason: BatchPausedReason | null;
  total_count: number;
  success_count: number;
  failed_count: number;
  /** Rows stored per second since the batch last started or resumed; null before the first chunk. */
  rows_per_second: number | null;
  /** Estimated seconds until the last row is stored; null while unknown or not running. */
  seconds_left: number | null;
}

/** One row of the batch table (section 3 "Batch"). */
export interface BatchView extends BatchProgress {
  name: string;
  file_name: string;
  created_at: string;
  created_by: { id: string | null; name: string | null };
  started_at: string | null;
  finished_at: string | null;
  options: BulkOptions;
  deleted_at: string | null;
  deleted_by: { id: string | null; name: string | null } | null;
  delete_reason: string | null;
}

/** Rows done so far. */
export const batchDone = (p: Pick<BatchProgress, 'success_count' | 'failed_count'>) => p.success_count + p.failed_count;

/** Seconds left at a rate, rounded up; null when the rate is unknown. */
export function secondsLeft(p: Pick<BatchProgress, 'total_count' | 'success_count' | 'failed_count'>, rowsPerSecond: number | null): number | null {
  if (!rowsPerSecond || rowsPerSecond <= 0) return null;
  return Math.ceil(Math.max(0, p.total_count - batchDone(p)) / rowsPerSecond);
}
