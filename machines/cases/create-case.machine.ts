/**
 * Create New Case: the search input of section 3 as a form statechart
 * (machines/forms/form.machine.ts), checked before sending with the request's
 * own schema (SearchBody) and the checks across fields it cannot make
 * (common/case-input.ts), the same functions POST /api/search runs.
 *
 * A success leads to the new case's results with a snack bar (the view's
 * provided navigate and notify). The two limit answers differ: running out of
 * credits halts the form with the credits-expired dialog (the view's followUp
 * opens contact sales); the daily limit and every other refusal go back to the
 * form with the message, on its field when the answer names one.
 */
import { searchChoiceProblems } from '../../common/case-input';
import { SearchBody } from '../../common/schemas/cases';
import { validateFaceImage } from '../../common/validation';
import { defineForm } from '../forms/form.machine';
import type { FieldErrors } from '../forms/form.types';
import type { ApiFailure } from '../shared/api-failure';
import type { CaseFormValues } from './create-case.types';

export const DEFAULT_MATCH_SCORE = '80';

export const EMPTY_CASE_FORM: CaseFormValues = {
  search_term: '',
  entity_type: 'person',
  birth_day: '',
  birth_month: '',
  birth_year: '',
  unique_identifier: '',
  countries: [],
  residence_countries: [],
  nationality: [],
  gender: '',
  match_score: DEFAULT_MATCH_SCORE,
  exact_match: false,
  match_akas: true,
  match_rca: false,
  risk_engine_id: '',
  aml_monitoring: false,
  adverse_media_monitoring: false,
  search_type: 'manual',
  databases: ['sanctions', 'pep', 'warnings_and_regulatory_enforcement'],
  search_profile_id: '',
  client_reference: '',
  national_id: '',
  face_image: null,
};

/**
 * The body POST /api/search receives, without the image: text trimmed and left
 * out when empty (the API's defaults apply), the databases or the profile as the
 * search type says. The match score is always there, so an emptied one is refused.
 */
export function searchBody(values: CaseFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const put = (key: keyof CaseFormValues & string, value: string) => {
    if (value.trim()) body[key] = value.trim();
  };
  put('search_term', values.search_term);
  put('entity_type', values.entity_type);
  put('birth_day', values.birth_day);
  put('birth_month', values.birth_month);
  put('birth_year', values.birth_year);
  put('unique_identifier', values.unique_identifier);
  if (values.countries.length) body.countries = values.countries;
  if (values.residence_countries.length) body.residence_countries = values.residence_countries;
  put('nationality', values.nationality[0] ?? '');
  put('gender', values.gender);
  body.match_score = values.match_score.trim();
  body.exact_match = values.exact_match;
  body.match_akas = values.match_akas;
  body.match_rca = values.match_rca;
  put('risk_engine_id', values.risk_engine_id);
  body.aml_monitoring = values.aml_monitoring;
  body.adverse_media_monitoring = values.adverse_media_monitoring;
  body.search_type = values.search_type;
  if (values.search_type === 'manual') body.databases = values.databases;
  else put('search_profile_id', values.search_profile_id);
  put('client_reference', values.client_reference);
  put('national_id', values.national_id);
  return body;
}

/** The checks beyond the schema: the date as a whole and where to search (shared with the API), and the chosen image. */
function caseChecks(values: CaseFormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of searchChoiceProblems(values)) errors[problem.field] ??= problem.rule;
  if (values.face_image) {
    const image = validateFaceImage({ size: values.face_image.size, type: values.face_image.type });
    if (image) errors.face_image = image;
  }
  return errors;
}

export const createCaseMachine = defineForm<CaseFormValues>('createCase', EMPTY_CASE_FORM, { schema: SearchBody, body: searchBody, check: caseChecks }).provide({
  guards: {
    // Out of credits: no edit of the form can help, so the dialog with contact sales opens instead.
    halts: ({ event }) => (event as unknown as { error?: ApiFailure }).error?.code === 'search_limit',
  },
});
