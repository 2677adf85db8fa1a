/**
 * The risk engine editor's statechart, transition by transition, with the calls settled by hand: what is
 * checked before a try and before a save (the shared rules, the same the API runs), what each call is sent,
 * the try panel's result going stale when the definition changes, the server's field errors placed on the
 * right rule, unchanged saves sending nothing, and closing with unsaved changes.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { RiskEngineView, RiskTryAnswer } from '../../common/risk-scoring';
import { engineEditorMachine } from '../../machines/risk-scoring/engine-editor.machine';
import {
  selectFormError,
  selectIsDirty,
  selectIsOpen,
  selectProblems,
  selectTrialBlocked,
  selectTrialError,
  selectTrialFieldProblem,
  selectTrialStale,
} from '../../machines/risk-scoring/engine-editor.selectors';
import { deferredCalls, failure } from '../admin/harness';

const ENGINE: RiskEngineView = {
  _id: 'e1',
  title: 'Sanctions desk',
  model_name: 'Terrorism first',
  low_threshold: 10,
  medium_threshold: 40,
  high_threshold: 70,
  rules: [
    { country: 'any', category: 'sanctions', record: 'terrorism', weightage: 80 },
    { country: 'EG', category: 'any', record: 'any', weightage: 10 },
  ],
  decisions: { blacklisted: 'failed', whitelisted: 'passed', high_risk: 'failed', medium_risk: 'for review', low_risk: 'passed' },
  version: 3,
  is_active: true,
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_by: null,
  updated_at: '2026-01-01T00:00:00Z',
};

const TRIED: RiskTryAnswer = { source: 'sample', case: null, hits: [], case_status: 'Failed', risk_level: 'High' };

function editor() {
  const calls = deferredCalls(['loadEngine', 'tryEngine', 'saveEngine'] as const);
  const actor = createActor(engineEditorMachine.provide({ actors: calls.actors })).start();
  const saved: unknown[] = [];
  actor.on('saved', (e) => saved.push(e));
  const state = () => actor.getSnapshot();
  return { actor, saved, state, ...calls };
}

async function opened() {
  const h = editor();
  h.actor.send({ type: 'OPEN', engineId: 'e1' });
  expect(h.state().value).toBe('loading');
  expect(h.calls.at(-1)).toEqual({ name: 'loadEngine', input: { engineId: 'e1' } });
  await h.settle('loadEngine', { output: ENGINE });
  expect(h.state().value).toBe('editing');
  return h;
}

describe('risk engine editor', () => {
  it('creates an engine: shows nothing until asked, what scoring needs on a try, everything on a save', async () => {
    const h = editor();
    h.actor.send({ type: 'CREATE' });
    expect(h.state().value).toBe('editing');
    expect(selectIsOpen(h.state())).toBe(true);
    expect(selectProblems(h.state())).toEqual({});

    h.actor.send({ type: 'TRY' });
    expect(h.state().value).toBe('editing');
    expect(h.pendingNames()).toEqual([]);
    expect(selectProblems(h.state())).toEqual({
      medium_threshold: 'risk_threshold_required',
      high_threshold: 'risk_threshold_required',
      'rules.0.category': 'required',
      'rules.0.record': 'required',
      'rules.0.weightage': 'required',
    });
    expect(selectTrialBlocked(h.state())).toBe(true);

    h.actor.send({ type: 'SAVE' });
    expect(h.pendingNames()).toEqual([]);
    expect(selectProblems(h.state())).toMatchObject({ title: 'required', model_name: 'required' });

    // The problems follow the typing.
    for (const [field, value] of [
      ['title', ' Terror desk '],
      ['model_name', 'Terrorism first'],
      ['medium_threshold', '40'],
      ['high_threshold', '40'],
    ] as const)
      h.actor.send({ type: 'SET_FIELD', field, value });
    expect(selectProblems(h.state())).toMatchObject({ high_threshold: 'risk_threshold_order' });
    h.actor.send({ type: 'SET_FIELD', field: 'high_threshold', value: '70' });
    h.actor.send({ type: 'SET_RULE', key: 0, field: 'category', value: 'sanctions' });
    h.actor.send({ type: 'SET_RULE', key: 0, field: 'record', value: 'terrorism' });
    h.actor.send({ type: 'SET_RULE', key: 0, field: 'weightage', value: '80' });
    h.actor.send({ type: 'ADD_RULE' });
    expect(selectProblems(h.state())).toMatchObject({ 'rules.1.category': 'required' });
    h.actor.send({ type: 'REMOVE_RULE', key: 1 });
    h.actor.send({ type: 'SET_DECISION', outcome: 'high_risk', decision: 'failed' });
    expect(selectProblems(h.state())).toEqual({});

    // Tried on a sample first.
    h.actor.send({ type: 'SET_TRIAL', patch: { database: 'sanctions', countries: ['EG'], records: ['terrorism'] } });
    h.actor.send({ type: 'TRY' });
    expect(h.state().value).toBe('trying');
    const body = {
      title: 'Terror desk',
      model_name: 'Terrorism first',
      low_threshold: '',
      medium_threshold: '40',
      high_threshold: '70',
      rules: [{ country: 'any', category: 'sanctions', record: 'terrorism', weightage: '80' }],
      decisions: { blacklisted: 'failed', whitelisted: 'passed', high_risk: 'failed', medium_risk: 'for review', low_risk: 'passed' },
    };
    expect(h.calls.at(-1)).toEqual({ name: 'tryEngine', input: { body: { ...body, sample: { database: 'sanctions', countries: ['EG'], records: ['terrorism'] } } } });
    await h.settle('tryEngine', { output: TRIED });
    expect(h.state().context.trialResult).toEqual(TRIED);
    expect(selectTrialStale(h.state())).toBe(false);
    // Changing what to try on keeps the result; changing the engine marks it stale.
    h.actor.send({ type: 'SET_TRIAL', patch: { countries: [] } });
    expect(selectTrialStale(h.state())).toBe(false);
    h.actor.send({ type: 'SET_FIELD', field: 'low_threshold', value: '5' });
    expect(selectTrialStale(h.state())).toBe(true);

    h.actor.send({ type: 'SAVE' });
    expect(h.state().value).toBe('saving');
    expect(h.calls.at(-1)).toEqual({ name: 'saveEngine', input: { engineId: null, body: { ...body, low_threshold: '5' } } });
    await h.settle('saveEngine', { output: { code: 'risk_engine_created' } });
    expect(h.state().value).toBe('closed');
    expect(h.saved).toEqual([{ type: 'saved', answer: { code: 'risk_engine_created' }, created: true }]);
  });

  it('opens an engine: an unchanged save sends nothing; a change asks before it is thrown away', async () => {
    const h = await opened();
    expect(h.state().context).toMatchObject({ version: 3, isActive: true, nextKey: 2 });
    expect(h.state().context.draft).toMatchObject({ title: 'Sanctions desk', low_threshold: '10', rules: [{ key: 0, weightage: '80' }, { key: 1, country: 'EG' }] });
    h.actor.send({ type: 'SAVE' });
    expect(h.state().value).toBe('closed');
    expect(h.pendingNames()).toEqual([]);
    expect(h.saved).toEqual([]);

    h.actor.send({ type: 'OPEN', engineId: 'e1' });
    await h.settle('loadEngine', { output: ENGINE });
    h.actor.send({ type: 'SET_FIELD', field: 'title', value: 'Renamed desk' });
    expect(selectIsDirty(h.state())).toBe(true);
    h.actor.send({ type: 'CLOSE' });
    expect(h.state().value).toBe('confirmingClose');
    h.actor.send({ type: 'KEEP_EDITING' });
    expect(h.state().context.draft.title).toBe('Renamed desk');
    h.actor.send({ type: 'CLOSE' });
    h.actor.send({ type: 'DISCARD' });
    expect(h.state().value).toBe('closed');
    // Back to what it was: a plain close.
    h.actor.send({ type: 'OPEN', engineId: 'e1' });
    await h.settle('loadEngine', { output: ENGINE });
    h.actor.send({ type: 'SET_FIELD', field: 'title', value: 'Renamed desk' });
    h.actor.send({ type: 'SET_FIELD', field: 'title', value: 'Sanctions desk' });
    h.actor.send({ type: 'CLOSE' });
    expect(h.state().value).toBe('closed');
  });

  it("places the server's field error on the rule it names, by the rule's place when sent", async () => {
    const h = await opened();
    h.actor.send({ type: 'REMOVE_RULE', key: 0 });
    h.actor.send({ type: 'SAVE' });
    expect(h.calls.at(-1)).toMatchObject({ name: 'saveEngine', input: { engineId: 'e1', body: { rules: [{ country: 'EG' }] } } });
    await h.settle('saveEngine', { error: failure(400, 'Choose a country from the list, or Any.', 'risk_rule_country', 'rules.0.country') });
    expect(h.state().value).toBe('editing');
    // The first rule sent was the rule with key 1.
    expect(selectProblems(h.state())).toEqual({ 'rules.1.country': 'risk_rule_country' });
    expect(selectFormError(h.state())).toBeNull();
    // Editing clears the server's message.
    h.actor.send({ type: 'SET_RULE', key: 1, field: 'country', value: 'FR' });
    expect(selectProblems(h.state())).toEqual({});

    h.actor.send({ type: 'SAVE' });
    await h.settle('saveEngine', { error: failure(409, 'An engine with this title already exists.', 'risk_title_exists', 'title') });
    expect(selectProblems(h.state())).toEqual({ title: 'risk_title_exists' });
    h.actor.send({ type: 'SAVE' });
    await h.settle('saveEngine', { error: failure(null, 'Please check your internet connection.', 'offline') });
    expect(selectFormError(h.state())).toMatchObject({ code: 'offline' });
  });

  it('tries on a case by its reference, and shows the answer about the reference under it', async () => {
    const h = await opened();
    h.actor.send({ type: 'SET_TRIAL', patch: { mode: 'case', reference: '  ' } });
    h.actor.send({ type: 'TRY' });
    expect(h.pendingNames()).toEqual([]);
    expect(selectTrialFieldProblem(h.state())).toEqual({ code: 'risk_sample_required', message: null });
    h.actor.send({ type: 'SET_TRIAL', patch: { reference: ' AML-2026-000001 ' } });
    expect(selectTrialFieldProblem(h.state())).toBeNull();
    h.actor.send({ type: 'TRY' });
    expect(h.calls.at(-1)).toMatchObject({ name: 'tryEngine', input: { body: { title: 'Sanctions desk', reference: 'AML-2026-000001' } } });
    expect((h.calls.at(-1)!.input as { body: object }).body).not.toHaveProperty('sample');
    await h.settle('tryEngine', { output: TRIED });
    h.actor.send({ type: 'TRY' });
    await h.settle('tryEngine', { error: failure(404, 'No case has this reference.', 'risk_try_case_unknown', 'reference') });
    expect(h.state().context.trialResult).toBeNull();
    expect(selectTrialFieldProblem(h.state())).toEqual({ code: 'risk_try_case_unknown', message: 'No case has this reference.' });
    expect(selectTrialError(h.state())).toBeNull();
    h.actor.send({ type: 'TRY' });
    await h.settle('tryEngine', { error: failure(null, 'Please check your internet connection.', 'offline') });
    expect(selectTrialError(h.state())).toMatchObject({ code: 'offline' });
  });

  it('says when an engine cannot be loaded, and loads it again on retry', async () => {
    const h = editor();
    h.actor.send({ type: 'OPEN', engineId: 'gone' });
    await h.settle('loadEngine', { error: failure(404, 'Not found.', 'not_found') });
    expect(h.state().value).toBe('failed');
    expect(h.state().context.error).toMatchObject({ status: 404, code: 'not_found' });
    h.actor.send({ type: 'RETRY' });
    expect(h.state().value).toBe('loading');
    await h.settle('loadEngine', { output: ENGINE });
    expect(h.state().value).toBe('editing');
    h.actor.send({ type: 'CLOSE' });
    expect(h.state().value).toBe('closed');
  });
});
