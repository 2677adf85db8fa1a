/**
 * The form statechart (machines/forms/form.machine.ts) and Create New Case,
 * the form built on it: values, the browser's field errors from the API's own
 * schema and rules, the server's field errors placed on their fields, the
 * submission, and the view's provided effects (snack bar, navigation) run once
 * per success and never on a failure.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { searchChoiceProblems } from '../../common/case-input';
import { SearchBody } from '../../common/schemas/cases';
import { EMPTY_CASE_FORM, createCaseMachine, searchBody } from '../../machines/cases/create-case.machine';
import { PLACED_FIELDS, selectCreatedReference } from '../../machines/cases/create-case.selectors';
import { defineForm, formMachine } from '../../machines/forms/form.machine';
import { selectBusy, selectFieldError, selectFormError, selectHalted, selectSucceeded, selectValues } from '../../machines/forms/form.selectors';
import { parseInput } from '../../server/http/validate';
import { deferred } from '../admin/harness';

/** What the API client raises: status, message, code, and the answer's body (which may name a field). */
const apiFailure = (status: number, message: string, code: string, field?: string) =>
  Object.assign(new Error(message), { status, code, data: { error_message: message, code, ...(field ? { field } : {}) } });

/** Create New Case with recorded effects. */
function createCase(values: Record<string, unknown> = {}) {
  const submit = deferred();
  const effects: string[] = [];
  const actor = createActor(
    createCaseMachine.provide({
      actors: { submit: submit.logic },
      actions: {
        notify: (_, { result }) => effects.push(`notify ${(result as { reference: string }).reference}`),
        navigate: (_, { result }) => effects.push(`navigate /case/${(result as { reference: string }).reference}`),
        followUp: () => effects.push('contact sales'),
      },
    }),
    { input: { values } },
  ).start();
  const edit = (field: string, value: unknown, check?: boolean) => actor.send({ type: 'EDIT', field, value, ...(check ? { check } : {}) });
  return { actor, submit, effects, edit, snapshot: () => actor.getSnapshot() };
}

describe('form values', () => {
  it('starts from the defaults with the input laid over them, takes edits, and resets to the defaults', () => {
    const form = createCase({ search_term: 'Ada Lovelace' });
    expect(selectValues(form.snapshot())).toEqual({ ...EMPTY_CASE_FORM, search_term: 'Ada Lovelace' });
    form.edit('countries', ['GB', 'FR']);
    form.edit('entity_type', 'company');
    expect(selectValues<typeof EMPTY_CASE_FORM>(form.snapshot())).toMatchObject({ search_term: 'Ada Lovelace', countries: ['GB', 'FR'], entity_type: 'company' });
    form.actor.send({ type: 'RESET' });
    expect(selectValues(form.snapshot())).toEqual(EMPTY_CASE_FORM);
  });
});

describe('client field errors', () => {
  it('shows every problem of the shared schema on its field, without calling the server', () => {
    const form = createCase();
    form.edit('search_term', '12');
    form.edit('match_score', '');
    form.edit('national_id', '123');
    form.edit('birth_year', '1800');
    form.actor.send({ type: 'SUBMIT' });
    expect(form.submit.calls).toEqual([]);
    expect(form.snapshot().hasTag('editable')).toBe(true);
    const s = form.snapshot();
    expect(Object.fromEntries(['search_term', 'match_score', 'national_id', 'birth_year', 'entity_type'].map((f) => [f, selectFieldError(s, f)]))).toEqual({
      search_term: 'search_term_letter',
      match_score: 'match_score_range',
      national_id: 'national_id_digits',
      birth_year: 'year_min',
      entity_type: null,
    });
  });

  it('says what the API would say: the first client error is the API’s own answer for the same body', () => {
    const form = createCase();
    form.edit('search_term', 'Ada');
    form.edit('national_id', 'abc');
    form.actor.send({ type: 'SUBMIT' });
    expect(selectFieldError(form.snapshot(), 'national_id')).toBe('national_id_digits');
    expect(() => parseInput(SearchBody, searchBody(selectValues(form.snapshot())))).toThrow(expect.objectContaining({ code: 'national_id_digits', field: 'national_id' }));
  });

  it('applies the checks across fields from common/ (birth date, databases, search profile), as the API does', () => {
    const form = createCase({ search_term: 'Ada Lovelace', birth_day: '31', birth_month: '2', databases: [] });
    form.actor.send({ type: 'SUBMIT' });
    expect(selectFieldError(form.snapshot(), 'birth_day')).toBe('invalid_day');
    expect(selectFieldError(form.snapshot(), 'databases')).toBe('databases_required');
    form.edit('birth_day', '');
    form.edit('search_type', 'profile');
    form.actor.send({ type: 'SUBMIT' });
    expect(selectFieldError(form.snapshot(), 'search_profile_id')).toBe('profile_required');
    expect(selectFieldError(form.snapshot(), 'birth_day')).toBeNull();
    expect(form.submit.calls).toEqual([]);
    // The same function the API runs on the request.
    expect(searchChoiceProblems({ search_type: 'profile' })).toEqual([{ field: 'search_profile_id', rule: 'profile_required' }]);
    expect(searchChoiceProblems({ search_type: 'manual' })).toEqual([]);
  });

  it('clears a field’s error when that field is edited, and only that one', () => {
    const form = createCase({ match_score: '0' });
    form.actor.send({ type: 'SUBMIT' });
    expect(selectFieldError(form.snapshot(), 'search_term')).toBe('required');
    expect(selectFieldError(form.snapshot(), 'match_score')).toBe('match_score_range');
    form.edit('search_term', 'A');
    expect(selectFieldError(form.snapshot(), 'search_term')).toBeNull();
    expect(selectFieldError(form.snapshot(), 'match_score')).toBe('match_score_range');
  });

  it('refuses a chosen file at once: the field keeps no file and says why', () => {
    const form = createCase();
    form.edit('face_image', { size: 10, type: 'image/gif', name: 'a.gif' }, true);
    expect(selectValues<typeof EMPTY_CASE_FORM>(form.snapshot()).face_image).toBeNull();
    expect(selectFieldError(form.snapshot(), 'face_image')).toBe('incorrect_file_format');
    const png = { size: 10, type: 'image/png', name: 'a.png' };
    form.edit('face_image', png, true);
    expect(selectValues<typeof EMPTY_CASE_FORM>(form.snapshot()).face_image).toBe(png);
    expect(selectFieldError(form.snapshot(), 'face_image')).toBeNull();
  });
});

describe('server field errors', () => {
  it('places a 4xx that names a field under that field, not beside the buttons, until the field is edited', async () => {
    const form = createCase({ search_term: 'Ada Lovelace', countries: ['XX'] });
    form.actor.send({ type: 'SUBMIT' });
    await form.submit.reject(apiFailure(400, 'Unknown country.', 'invalid_country', 'countries'));
    const s = form.snapshot();
    expect(s.hasTag('failed')).toBe(true);
    expect(selectFieldError(s, 'countries')).toBe('invalid_country');
    expect(selectFormError(s, PLACED_FIELDS)).toBeNull();
    // A view that has no place for the field shows it beside the form.
    expect(selectFormError(s, [])).toEqual({ message: 'Unknown country.', code: 'invalid_country' });
    form.edit('countries', ['GB']);
    expect(selectFieldError(form.snapshot(), 'countries')).toBeNull();
    expect(selectFormError(form.snapshot(), PLACED_FIELDS)).toBeNull();
  });

  it('shows a refusal without a field beside the form, and clears it with the next submission', async () => {
    const form = createCase({ search_term: 'Ada Lovelace' });
    form.actor.send({ type: 'SUBMIT' });
    await form.submit.reject(apiFailure(429, 'Daily search limit has been reached.', 'daily_search_limit'));
    expect(selectFormError(form.snapshot(), PLACED_FIELDS)).toEqual({ message: 'Daily search limit has been reached.', code: 'daily_search_limit' });
    form.actor.send({ type: 'SUBMIT' });
    expect(selectFormError(form.snapshot(), PLACED_FIELDS)).toBeNull();
    expect(selectBusy(form.snapshot())).toBe(true);
  });
});

describe('submission and effects', () => {
  it('sends the values, is busy meanwhile, and on success notifies and navigates once each', async () => {
    const form = createCase({ search_term: 'Ada Lovelace' });
    form.actor.send({ type: 'SUBMIT' });
    expect(selectBusy(form.snapshot())).toBe(true);
    expect(form.submit.calls).toEqual([{ ...EMPTY_CASE_FORM, search_term: 'Ada Lovelace' }]);
    // A second press while the search runs is not a second search.
    form.actor.send({ type: 'SUBMIT' });
    expect(form.submit.calls).toHaveLength(1);
    await form.submit.resolve({ reference: 'AML-2026-000042' });
    expect(selectSucceeded(form.snapshot())).toBe(true);
    expect(selectCreatedReference(form.snapshot())).toBe('AML-2026-000042');
    expect(form.effects).toEqual(['notify AML-2026-000042', 'navigate /case/AML-2026-000042']);
    // Nothing re-runs them: later events, snapshots and a reset leave them at one each.
    form.actor.send({ type: 'SUBMIT' });
    form.actor.send({ type: 'RESET' });
    expect(form.effects).toEqual(['notify AML-2026-000042', 'navigate /case/AML-2026-000042']);
  });

  it('never notifies or navigates on a failure', async () => {
    const form = createCase({ search_term: 'Ada Lovelace' });
    form.actor.send({ type: 'SUBMIT' });
    await form.submit.reject(apiFailure(400, 'Unknown country.', 'invalid_country', 'countries'));
    form.actor.send({ type: 'SUBMIT' });
    await form.submit.reject(apiFailure(402, 'Your search limit has been reached.', 'search_limit'));
    expect(selectHalted(form.snapshot())).toBe(true);
    expect(form.effects).toEqual([]);
    form.actor.send({ type: 'DISMISS' });
    expect(form.snapshot().hasTag('editable')).toBe(true);
    expect(form.effects).toEqual([]);
  });

  it('runs the follow-up only when the user takes it from the halting refusal', async () => {
    const form = createCase({ search_term: 'Ada Lovelace' });
    form.actor.send({ type: 'FOLLOW_UP' });
    form.actor.send({ type: 'SUBMIT' });
    await form.submit.reject(apiFailure(402, 'Your search limit has been reached.', 'search_limit'));
    form.actor.send({ type: 'FOLLOW_UP' });
    expect(form.effects).toEqual(['contact sales']);
    expect(selectHalted(form.snapshot())).toBe(false);
  });
});

describe('the plain form (fields in the view)', () => {
  it('takes the values with SUBMIT, keeps the answer, and does not halt on any refusal', async () => {
    const submit = deferred();
    const actor = createActor(formMachine.provide({ actors: { submit: submit.logic } })).start();
    actor.send({ type: 'SUBMIT', values: { email: 'ada@example.com' } });
    expect(submit.calls).toEqual([{ email: 'ada@example.com' }]);
    await submit.reject(apiFailure(402, 'Your search limit has been reached.', 'search_limit'));
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    actor.send({ type: 'SUBMIT', values: { email: 'ada@example.org' } });
    await submit.resolve({ sent: true });
    expect(actor.getSnapshot().context.result).toEqual({ sent: true });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().hasTag('editable')).toBe(true);
  });

  it('checks a form defined with a schema before sending', () => {
    const submit = deferred();
    const form = defineForm('feedbackForm', { search_term: '' }, { schema: SearchBody, body: (v) => ({ search_term: v.search_term, entity_type: 'person' }) });
    const actor = createActor(form.provide({ actors: { submit: submit.logic } })).start();
    actor.send({ type: 'SUBMIT' });
    expect(selectFieldError(actor.getSnapshot(), 'search_term')).toBe('required');
    expect(submit.calls).toEqual([]);
  });
});
