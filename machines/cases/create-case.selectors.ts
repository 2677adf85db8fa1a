/**
 * What Create New Case's view reads: the form's own selectors (machines/forms)
 * and the case the search created.
 */
import type { CreatedCase } from './create-case.types';
export { selectBusy, selectFieldError, selectFormError, selectHalted, selectValues } from '../forms/form.selectors';

/** The reference of the case just created, once the search succeeded. */
export const selectCreatedReference = (s: { context: { result: unknown } }): string | null => (s.context.result as CreatedCase | null)?.reference ?? null;

/** The fields MakeCase shows a message under: a server refusal naming one of them is shown there, not beside the buttons. */
export const PLACED_FIELDS = [
  'search_term',
  'entity_type',
  'birth_day',
  'birth_month',
  'birth_year',
  'unique_identifier',
  'client_reference',
  'national_id',
  'databases',
  'search_profile_id',
  'match_score',
  'face_image',
  'countries',
  'residence_countries',
  'nationality',
] as const;
