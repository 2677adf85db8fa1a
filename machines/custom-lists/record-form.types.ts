/**
 * Types of the list record form (machines/custom-lists/record-form.machine.ts), a form statechart
 * (machines/forms) with the fields of section 3's list record.
 */
import type { ListRecordView } from '../../common/custom-lists';

// ---------------------------------------------------------------- Values

export interface RecordFormValues extends Record<string, unknown> {
  full_name: string;
  entity_type: string;
  /** As the file writes it: 1985, 1985-04, 1985-04-23 or 23/04/1985. */
  date_of_birth: string;
  /** ISO 3166-1 alpha-2, or ''. */
  country: string;
  category: string;
  /** Other names, one per line. */
  aliases: string;
}

export type RecordFormField = keyof RecordFormValues & string;

// ---------------------------------------------------------------- The request

/** The body of POST /api/custom-listing-entry and /custom-listing-entry/update, without the ids. */
export interface RecordBody {
  full_name: string;
  entity_type: string;
  date_of_birth: string;
  country: string;
  category: string;
  aliases: string[];
}

/** What adding or editing answers: the record as it is now. */
export interface SavedRecord {
  record: ListRecordView;
  code?: string;
  message?: string;
}
