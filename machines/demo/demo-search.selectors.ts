/**
 * What the demo's search page reads: the form's own selectors (machines/forms) and the search it made.
 */
import type { DemoSearchField, DemoSearchResult } from './demo-search.types';
export { selectBusy, selectFieldError, selectFormError, selectHalted, selectValues } from '../forms/form.selectors';

/** The reference of the search just made, once it succeeded. */
export const selectSearchReference = (s: { context: { result: unknown } }): string | null => (s.context.result as DemoSearchResult | null)?.reference ?? null;

/** The fields the page shows a message under: a server refusal naming one of them is shown there. */
export const PLACED_DEMO_FIELDS: readonly DemoSearchField[] = ['search_term', 'entity_type', 'birth_year', 'country'];
