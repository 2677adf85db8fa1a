/** What the record dialog reads: the form's own selectors (machines/forms) and the record saved. */
import type { SavedRecord } from './record-form.types';
export { selectBusy, selectFieldError, selectFormError, selectValues } from '../forms/form.selectors';

/** The fields the dialog shows a message under: a refusal naming one of them is shown there, not beside the buttons. */
export const RECORD_FIELDS = ['full_name', 'entity_type', 'date_of_birth', 'country', 'category', 'aliases'] as const;

/** The record as the server saved it, once saved. */
export const selectSavedRecord = (s: { context: { result: unknown } }) => (s.context.result as SavedRecord | null)?.record ?? null;
