/**
 * Types of the demo's search form (machines/demo/demo-search.machine.ts), a form statechart
 * (machines/forms) with the few fields a demo search takes.
 */
import type { DemoSearchAnswer } from '../../common/schemas/demo';
import type { FormContext, FormEvent } from '../forms/form.types';

// ---------------------------------------------------------------- Values

export interface DemoSearchValues extends Record<string, unknown> {
  search_term: string;
  entity_type: string;
  /** Year of birth or incorporation, as typed. */
  birth_year: string;
  /** The picker's list; one country at most. */
  country: string[];
}

export type DemoSearchField = keyof DemoSearchValues & string;

// ---------------------------------------------------------------- Context and events

export type DemoSearchContext = FormContext<DemoSearchValues>;
export type DemoSearchEvent = FormEvent<DemoSearchValues>;

// ---------------------------------------------------------------- Answer

/** What POST /api/open-search-initiate answers: the new search's reference and the allowance left. */
export type DemoSearchResult = DemoSearchAnswer;
