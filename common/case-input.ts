/**
 * The checks of a Create New Case input that no single schema field can make:
 * the birth date as a whole (a real day of its month, not in the future), and
 * where to search (at least one database the engine screens, or a chosen
 * search profile). Each field on its own is checked by the request schema
 * (common/schemas/cases.ts SearchBody); the form (machines/cases/create-case)
 * and the API (POST /api/search) both add these, so the two never disagree.
 */
import { databasesProblem } from './cases';
import type { MessageId } from './messages';
import { validateBirthDate } from './validation';

/** The parts of the input these checks read, as the form holds them or the request carries them. */
export interface SearchChoice {
  birth_day?: string | number;
  birth_month?: string | number;
  birth_year?: string | number;
  search_type?: string;
  /** Left out of a request: every database (the API's default), which is screenable. */
  databases?: readonly string[];
  search_profile_id?: string;
}

export type SearchChoiceField = 'birth_day' | 'birth_month' | 'birth_year' | 'databases' | 'search_profile_id';

export interface SearchChoiceProblem {
  field: SearchChoiceField;
  rule: MessageId;
}

/** Every problem, in the order the form shows its fields (the date first, then where to search). */
export function searchChoiceProblems(input: SearchChoice, now = new Date()): SearchChoiceProblem[] {
  const problems: SearchChoiceProblem[] = [];
  const date = validateBirthDate({ day: input.birth_day, month: input.birth_month, year: input.birth_year }, now);
  if (date) problems.push(date);
  if ((input.search_type ?? 'manual') === 'manual') {
    const databases = input.databases === undefined ? null : databasesProblem(input.databases);
    if (databases) problems.push({ field: 'databases', rule: databases });
  } else if (!input.search_profile_id?.trim()) {
    problems.push({ field: 'search_profile_id', rule: 'profile_required' });
  }
  return problems;
}
