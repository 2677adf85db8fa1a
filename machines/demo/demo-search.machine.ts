/**
 * The demo's search (/demo/make-case): name, entity type, an optional year and country, as a form
 * statechart (machines/forms/form.machine.ts) checked before sending with the request's own schema
 * (DemoSearchBody, built on the section-5 rules Create New Case uses).
 *
 * A success leads to the search's results (the view's provided navigate). A used-up daily allowance is a
 * refusal no edit can fix: it halts the form, and the view shows it with the way on it offers, asking for
 * a full account (the view's followUp opens that dialog). Every other refusal goes back to the form with
 * the message, on its field when the answer names one.
 */
import { DemoSearchBody } from '../../common/schemas/demo';
import { defineForm } from '../forms/form.machine';
import type { ApiFailure } from '../shared/api-failure';
import type { DemoSearchValues } from './demo-search.types';

export const EMPTY_DEMO_SEARCH: DemoSearchValues = { search_term: '', entity_type: 'person', birth_year: '', country: [] };

/** The body POST /api/open-search-initiate receives: text trimmed, the optional fields left out when empty. */
export function demoSearchBody(values: DemoSearchValues): Record<string, string> {
  return {
    search_term: values.search_term.trim(),
    entity_type: values.entity_type,
    ...(values.birth_year.trim() ? { birth_year: values.birth_year.trim() } : {}),
    ...(values.country[0] ? { country: values.country[0] } : {}),
  };
}

export const demoSearchMachine = defineForm<DemoSearchValues>('demoSearch', EMPTY_DEMO_SEARCH, { schema: DemoSearchBody, body: demoSearchBody }).provide({
  guards: {
    // Today's searches are used up: no edit of the form can help, so the allowance's dialog opens instead.
    halts: ({ event }) => (event as unknown as { error?: ApiFailure }).error?.code === 'demo_allowance_used',
  },
});
