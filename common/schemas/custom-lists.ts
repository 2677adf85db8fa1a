/**
 * Request schemas of the custom list calls (section 7 "Custom lists"; docs/custom-lists.md). A record's
 * fields are checked one by one with the rules the file's rows are checked with (common/custom-lists.ts
 * listRecordProblems), so the add and edit form, the API and an uploaded file agree on what a record is.
 */
import { array, coerce, defaulted, enums, integer, max, min, object, optional, refine, size, string, type Infer } from 'superstruct';
import { CUSTOM_LIST_MAX_ALIASES, listEntityType, parseListDate } from '../custom-lists';
import { CUSTOM_LIST_TYPES } from '../enums';
import type { MessageId } from '../messages';
import {
  validateCustomListDescription,
  validateCustomListName,
  validateDeletionReason,
  validateListEntryComment,
  validateListRecordCategory,
  validateListRecordName,
} from '../validation';
import { countryField } from './countries';
import { INPUT_LIMITS, formBoolean, ruled, ruledIfPresent, text } from './core';

export const CUSTOM_LIST_TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;

const pageInt = (lo: number, hi: number, fallback: number) => defaulted(coerce(max(min(integer(), lo), hi), string(), (v) => Number(v)), fallback);
/** A record id: anything that is not a uuid names no record, so it is answered as an unknown one. */
const uuid = refine(text(INPUT_LIMITS.id), 'uuid', (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) || 'not_found');
const id = defaulted(uuid, '');

// ---------------------------------------------------------------------------------------------- Lists

/** GET /api/get-custom-listing: the list page's filters and page. */
export const CustomListQuery = object({
  page: pageInt(1, 1_000_000, 1),
  page_size: pageInt(1, 100, 20),
  /** Part of the list's name, ignoring case. */
  name: optional(text(INPUT_LIMITS.short)),
  type: optional(enums(CUSTOM_LIST_TYPES)),
  /** Deleted lists too (they are left out otherwise). */
  include_deleted: optional(formBoolean),
});
export type CustomListQueryValue = Infer<typeof CustomListQuery>;

/** Why a list type is refused (required, one of the two). */
export const listTypeProblem = (value: unknown): MessageId | null => ((CUSTOM_LIST_TYPES as readonly unknown[]).includes(value) ? null : 'list_type_required');

/**
 * POST /api/custom-listing (multipart, the file in the field "file" after these fields): a new list
 * (name, description, type) or, with list_id instead, more records for a live list of the organisation.
 * Which of the two is asked for is checked by uploadFieldProblems (the route and the upload modal).
 */
export const CustomListUploadBody = object({
  list_id: optional(uuid),
  name: optional(ruledIfPresent(validateCustomListName, 'name')),
  description: optional(ruledIfPresent(validateCustomListDescription, 'description')),
  type: optional(refine(text(INPUT_LIMITS.short), 'type', (v) => listTypeProblem(v) ?? true)),
});
export type CustomListUploadBodyValue = Infer<typeof CustomListUploadBody>;

/**
 * The fields a new list needs and an append must not carry, by field: a new list needs its name,
 * description and type; records added to a list name only the list.
 */
export function uploadFieldProblems(body: { list_id?: string; name?: string; description?: string; type?: string }): Partial<Record<'list_id' | 'name' | 'description' | 'type', MessageId>> {
  const out: Partial<Record<'list_id' | 'name' | 'description' | 'type', MessageId>> = {};
  if (body.list_id) {
    if (body.name !== undefined || body.description !== undefined || body.type !== undefined) out.list_id = 'bad_request';
    return out;
  }
  const name = validateCustomListName(body.name ?? '');
  if (name) out.name = name;
  const description = validateCustomListDescription(body.description ?? '');
  if (description) out.description = description;
  const type = listTypeProblem(body.type);
  if (type) out.type = type;
  return out;
}

/** GET /api/custom-listing-template: the file to fill in. */
export const CustomListTemplateQuery = object({ format: defaulted(enums(CUSTOM_LIST_TEMPLATE_FORMATS), 'csv') });

/** POST /api/custom-listing/delete: the list and why (10 to 200 characters). */
export const DeleteCustomListBody = object({ id, reason: ruled(validateDeletionReason, 'reason') });

// ---------------------------------------------------------------------------------------------- Records

/** GET /api/get-custom-listing-entries: one list's records, searched by name and paged. */
export const ListEntriesQuery = object({
  list_id: id,
  page: pageInt(1, 1_000_000, 1),
  page_size: pageInt(1, 100, 20),
  /** Part of a record's full name or of one of its other names, ignoring case. */
  search: optional(text(INPUT_LIMITS.short)),
  /** Deleted records too. */
  include_deleted: optional(formBoolean),
});
export type ListEntriesQueryValue = Infer<typeof ListEntriesQuery>;

/** One record (GET /api/custom-listing-entry) or its comments (entry_id). */
export const ListEntryQuery = object({ id });
export const ListEntryCommentsQuery = object({ entry_id: id });

/** Other names: a list (name[] entries), or one text; ";" and "|" separate names, as in the file. */
const aliasList = coerce(size(array(text(INPUT_LIMITS.short)), 0, CUSTOM_LIST_MAX_ALIASES * 5), string(), (v) => [v]);

const entityType = refine(text(INPUT_LIMITS.short), 'entity_type', (v) => (!v.trim() ? 'entity_type_required' : listEntityType(v) ? true : 'bulk_entity_type'));
const recordDate = refine(text(INPUT_LIMITS.short), 'date_of_birth', (v) => (parseListDate(v) === null ? 'list_date_invalid' : true));
const countryCode = countryField({ blank: true });

/**
 * A record's fields as the add and edit form and the API send them: the full name, entity type (person,
 * company, location, or the words a file may use), birth or incorporation date as the file writes it
 * (1985, 1985-04, 1985-04-23, 23/04/1985), an ISO country code, a category and other names.
 */
const recordFields = {
  full_name: ruled(validateListRecordName, 'full_name'),
  entity_type: defaulted(entityType, ''),
  date_of_birth: optional(recordDate),
  country: optional(countryCode),
  category: optional(ruledIfPresent(validateListRecordCategory, 'category')),
  aliases: optional(aliasList),
};

/** POST /api/custom-listing-entry: one record added to a live list. */
export const AddListEntryBody = object({ list_id: id, ...recordFields });
/** POST /api/custom-listing-entry/update: a record's fields, all of them (what is left out is cleared). */
export const UpdateListEntryBody = object({ id, ...recordFields });
export type ListEntryFieldsValue = Omit<Infer<typeof UpdateListEntryBody>, 'id'>;

/** POST /api/custom-listing-entry/delete: the record and why (10 to 200 characters). */
export const DeleteListEntryBody = object({ id, reason: ruled(validateDeletionReason, 'reason') });

/** The record's fields without the ids, for the add and edit form's own checks. */
export const ListEntryFields = object(recordFields);

// ---------------------------------------------------------------------------------------------- Comments

/** POST /api/custom-listing-entry-comment: 2 to 1,000 characters, none of ( ) [ ] { } < >. */
export const AddListEntryCommentBody = object({ entry_id: id, text: ruled(validateListEntryComment, 'comment') });
export const UpdateListEntryCommentBody = object({ id, text: ruled(validateListEntryComment, 'comment') });
export const DeleteListEntryCommentBody = object({ id, reason: ruled(validateDeletionReason, 'reason') });
