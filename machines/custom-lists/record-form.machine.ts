/**
 * Adding a record to a custom list, or editing one: a form statechart (machines/forms/form.machine.ts)
 * checked before sending with the API's own schema (ListEntryFields) and the record rules an uploaded
 * file's rows are checked with (common/custom-lists.ts listRecordProblems), so the form, the file and
 * the API never disagree. The view supplies the request (add or update) and the effects of a success
 * (snack bar, closing the dialog, refreshing the page) with .provide().
 */
import { listDateText, listRecordProblems, type ListRecordView } from '../../common/custom-lists';
import { ListEntryFields } from '../../common/schemas/custom-lists';
import { defineForm } from '../forms/form.machine';
import type { FieldErrors } from '../forms/form.types';
import type { ApiFailure } from '../shared/api-failure';
import type { RecordBody, RecordFormValues } from './record-form.types';
export type * from './record-form.types';

export const EMPTY_RECORD_FORM: RecordFormValues = { full_name: '', entity_type: 'person', date_of_birth: '', country: '', category: '', aliases: '' };

/** Other names as the form holds them (one per line) into the list the API takes. */
const aliasLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The body the API receives: text trimmed, the country in capitals, other names as a list. */
export function recordBody(values: RecordFormValues): RecordBody {
  return {
    full_name: values.full_name.trim(),
    entity_type: values.entity_type,
    date_of_birth: values.date_of_birth.trim(),
    country: values.country.trim().toUpperCase(),
    category: values.category.trim(),
    aliases: aliasLines(values.aliases),
  };
}

/** A stored record as the form edits it. */
export function recordFormValues(record: ListRecordView): RecordFormValues {
  return {
    full_name: record.full_name,
    entity_type: record.entity_type,
    date_of_birth: listDateText(record),
    country: record.country ?? '',
    category: record.category ?? '',
    aliases: record.aliases.join('\n'),
  };
}

/** The record rules of a file row, by field (the number of other names, each of them a name). */
export function recordProblems(values: RecordFormValues): FieldErrors {
  const body = recordBody(values);
  return listRecordProblems({ ...body, aliases: body.aliases.join(';') }).problems;
}

/** Refusals no edit of the form can fix: the list or the record was deleted (or is gone) meanwhile. */
const GONE = ['list_deleted_locked', 'list_record_deleted_locked', 'not_found'];

export const recordFormMachine = defineForm<RecordFormValues>('custom-lists/record-form', EMPTY_RECORD_FORM, {
  schema: ListEntryFields,
  body: recordBody,
  check: recordProblems,
}).provide({
  guards: {
    // The dialog then says so instead of the form; its way on (followUp) closes it and shows the page as it is now.
    halts: ({ event }) => GONE.includes((event as unknown as { error?: ApiFailure }).error?.code ?? ''),
  },
});
