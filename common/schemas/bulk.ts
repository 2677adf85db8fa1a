/**
 * Request schemas of the bulk search calls (section 7 "Bulk"; docs/bulk-search.md). The options of a
 * batch are held to the same rules as Create New Case's (common/schemas/cases.ts SearchBody): search
 * type, databases, search profile, match score, exact match, AKAs, RCA.
 */
import { coerce, defaulted, enums, integer, max, min, nullable, object, optional, refine, string, type Infer } from 'superstruct';
import { DATABASES, DATE_PRESETS } from '../enums';
import { validateBatchName, validateDeletionReason, validateMatchScore } from '../validation';
import { INPUT_LIMITS, formBoolean, requiredString, ruled, ruledIfPresent, text, textOrNumber } from './core';
import { listOf } from './cases';

/** Section 4's batch statuses, as the status filter takes them. */
export const BATCH_STATUSES = ['Success', 'Deleted', 'Pending'] as const;
export const BULK_DOWNLOAD_FORMATS = ['csv', 'xlsx'] as const;

const pageInt = (lo: number, hi: number, fallback: number) => defaulted(coerce(max(min(integer(), lo), hi), string(), (v) => Number(v)), fallback);
const textOf = textOrNumber;
const bool = optional(formBoolean);
/** A record id: anything that is not a uuid names no record, so it is answered as an unknown one. */
const uuid = refine(text(INPUT_LIMITS.id), 'uuid', (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) || 'not_found');

/** GET /api/bulk-batches-list: the batch table's filters and page. */
export const BatchListQuery = object({
  page: pageInt(1, 1_000_000, 1),
  page_size: pageInt(1, 100, 20),
  /** Part of the batch name, ignoring case. */
  name: optional(text(INPUT_LIMITS.short)),
  status: optional(enums(BATCH_STATUSES)),
  created_by: optional(uuid),
  date_preset: optional(enums(DATE_PRESETS)),
  date_from: optional(text(INPUT_LIMITS.short)),
  date_to: optional(text(INPUT_LIMITS.short)),
  /** The browser's Date.getTimezoneOffset(), so presets follow the user's calendar. */
  tz_offset: optional(coerce(max(min(integer(), -840), 840), string(), (v) => Number(v))),
});
export type BatchListQueryValue = Infer<typeof BatchListQuery>;

/** One batch by id. */
export const BatchIdQuery = object({ id: requiredString('not_found') });

/** A batch's downloads (summary or every case with its hits). */
export const BatchDownloadQuery = object({ id: requiredString('not_found'), format: defaulted(enums(BULK_DOWNLOAD_FORMATS), 'csv') });

/** The template to fill in. */
export const BulkTemplateQuery = object({ format: defaulted(enums(BULK_DOWNLOAD_FORMATS), 'csv') });

/** POST /api/validate-search-batch: only the file (multipart field "file"), no other field. */
export const ValidateBatchBody = object({});

/**
 * POST /api/create-search-batch: a checked file (upload_id from validate-search-batch), or the file
 * itself in the multipart field "file" after these fields, and the options applied to every row.
 */
export const CreateBatchBody = object({
  upload_id: optional(text(INPUT_LIMITS.id)),
  name: ruled(validateBatchName, 'batch_name'),
  search_type: defaulted(enums(['manual', 'profile']), 'manual'),
  /** Checked with the search type (routes.ts): a profile search sends none, or an empty list. */
  databases: optional(listOf(enums(DATABASES))),
  /** null when not a profile search, as the upload modal sends it. */
  search_profile_id: optional(nullable(text(INPUT_LIMITS.id))),
  /** null or '' for the engine's default. */
  match_score: optional(nullable(textOf(ruledIfPresent((v) => (v.trim() === '' ? null : validateMatchScore(v)), 'match_score')))),
  exact_match: bool,
  match_akas: bool,
  match_rca: bool,
});
export type CreateBatchBodyValue = Infer<typeof CreateBatchBody>;

/** POST /api/delete-bulk-search: the batch and the reason its cases are deleted with (10 to 200 characters). */
export const DeleteBatchBody = object({
  id: requiredString('not_found'),
  reason: ruled(validateDeletionReason, 'reason'),
});
