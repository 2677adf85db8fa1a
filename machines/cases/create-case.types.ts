/**
 * Types of Create New Case's form (machines/cases/create-case.machine.ts), a
 * form statechart (machines/forms) with the fields of section 3's search input.
 */
import type { Database } from '../../common/enums';
import type { FormContext, FormEvent } from '../forms/form.types';

// ---------------------------------------------------------------- Values

export interface CaseFormValues extends Record<string, unknown> {
  search_term: string;
  entity_type: string;
  birth_day: string;
  birth_month: string;
  birth_year: string;
  unique_identifier: string;
  countries: string[];
  residence_countries: string[];
  /** The picker's list; one country at most. */
  nationality: string[];
  gender: string;
  match_score: string;
  exact_match: boolean;
  match_akas: boolean;
  match_rca: boolean;
  risk_engine_id: string;
  aml_monitoring: boolean;
  adverse_media_monitoring: boolean;
  search_type: 'manual' | 'profile';
  databases: Database[];
  search_profile_id: string;
  client_reference: string;
  national_id: string;
  /** The chosen face image (a File in the browser), or null. */
  face_image: { size: number; type: string; name?: string } | null;
}

/** The fields a value is shown under: the image and the fields of the search input. */
export type CaseFormField = keyof CaseFormValues & string;

// ---------------------------------------------------------------- Context and events

export type CreateCaseContext = FormContext<CaseFormValues>;
export type CreateCaseEvent = FormEvent<CaseFormValues>;

// ---------------------------------------------------------------- Answer

/** What POST /api/search answers: the new case's reference. */
export interface CreatedCase {
  reference: string;
}
