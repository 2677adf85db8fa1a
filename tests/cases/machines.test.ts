/**
 * The case statecharts: decision review, monitoring toggles and Create New
 * Case, transition by transition, then every state reached by paths generated
 * from each machine (xstate/graph) and replayed on a running actor whose
 * calls the test settles.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyStateMachine, type EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import { createCaseMachine } from '../../machines/cases/create-case.machine';
import { monitoringMachine } from '../../machines/cases/monitoring.machine';
import { reviewMachine, reviewRequest } from '../../machines/cases/review.machine';
import { failureOf } from '../helpers/session-fixtures';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A provided actor whose promise the test settles, recording each call's input. */
function deferred() {
  const calls: unknown[] = [];
  let settle: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const logic = fromPromise<any, any>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        calls.push(input);
        settle = { resolve, reject };
      }),
  );
  return {
    logic,
    calls,
    async resolve(value: unknown) {
      settle!.resolve(value);
      await flush();
    },
    async reject(error: unknown) {
      settle!.reject(error);
      await flush();
    },
  };
}

const value = (actor: { getSnapshot(): { value: unknown } }) => JSON.stringify(actor.getSnapshot().value);

describe('review machine', () => {
  const start = () => {
    const submit = deferred();
    const actor = createActor(reviewMachine.provide({ actors: { submit: submit.logic } })).start();
    return { actor, submit };
  };

  it('decides entities: opens, edits, submits the decision-review body, and reports saved', async () => {
    const { actor, submit } = start();
    actor.send({ type: 'OPEN', target: { kind: 'entities', reference: 'AML-2026-000001', ids: ['h1'] } });
    actor.send({ type: 'EDIT', patch: { match_status: 'True Positive', comment: ' Confirmed by date of birth ' } });
    actor.send({ type: 'SUBMIT' });
    expect(value(actor)).toBe('"submitting"');
    expect(submit.calls[0]).toEqual({ reference: 'AML-2026-000001', entity_ids: ['h1'], match_status: 'True Positive', comment: 'Confirmed by date of birth' });
    await submit.resolve({ code: 'decision_saved' });
    expect(value(actor)).toBe('"saved"');
    actor.send({ type: 'CLOSE' });
    expect(value(actor)).toBe('"closed"');
  });

  it('refuses an empty draft and a bad comment without calling the server', () => {
    const { actor, submit } = start();
    actor.send({ type: 'OPEN', target: { kind: 'cases', references: ['A', 'B'] } });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.invalid).toEqual({ field: 'draft', message: 'decision_required' });
    actor.send({ type: 'EDIT', patch: { comment: 'see {this}' } });
    expect(actor.getSnapshot().context.invalid).toBeNull();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.invalid).toEqual({ field: 'comment', message: 'comment_characters' });
    expect(submit.calls).toEqual([]);
    expect(value(actor)).toBe('"editing"');
  });

  it('returns to editing with the server\'s message when the decision is refused', async () => {
    const { actor, submit } = start();
    actor.send({ type: 'OPEN', target: { kind: 'cases', references: ['A'] }, draft: { case_status: 'Passed' } });
    actor.send({ type: 'SUBMIT' });
    await submit.reject(failureOf(409, 'A case with a confirmed match cannot be Passed.', 'confirmed_match_cannot_pass'));
    expect(value(actor)).toBe('"editing"');
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: 'confirmed_match_cannot_pass', draft: { case_status: 'Passed' } });
  });

  it('builds bulk bodies with only the chosen changes', () => {
    expect(reviewRequest({ kind: 'cases', references: ['A', 'B'] }, { comment: '', assignee_ids: [], aml_monitoring: false })).toEqual({ references: ['A', 'B'], assignee_ids: [], aml_monitoring: false });
  });
});

describe('monitoring machine', () => {
  const start = (enabled: boolean) => {
    const save = deferred();
    const actor = createActor(monitoringMachine.provide({ actors: { save: save.logic } }), { input: { enabled } }).start();
    return { actor, save };
  };

  it('asks before switching on, saves, and only then shows it on', async () => {
    const { actor, save } = start(false);
    expect(value(actor)).toBe('{"settled":"off"}');
    actor.send({ type: 'TOGGLE' });
    expect(value(actor)).toBe('"confirmingOn"');
    actor.send({ type: 'CONFIRM' });
    expect(save.calls).toEqual([{ enabled: true }]);
    expect(actor.getSnapshot().context.enabled).toBe(false);
    await save.resolve({});
    expect(value(actor)).toBe('{"settled":"on"}');
  });

  it('keeps the old state when cancelled or refused', async () => {
    const { actor, save } = start(true);
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'CANCEL' });
    expect(value(actor)).toBe('{"settled":"on"}');
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'CONFIRM' });
    await save.reject(failureOf(409, 'This case has been deleted and can no longer be changed.', 'case_deleted_locked'));
    expect(value(actor)).toBe('{"settled":"on"}');
    expect(actor.getSnapshot().context.errorCode).toBe('case_deleted_locked');
  });

  it('follows the server when someone else switched it', () => {
    const { actor } = start(false);
    actor.send({ type: 'SYNC', enabled: true });
    expect(value(actor)).toBe('{"settled":"on"}');
  });
});

describe('create case machine', () => {
  it('opens the credits-expired dialog only for the search limit, and offers contact sales', async () => {
    const search = deferred();
    const contacted: string[] = [];
    const actor = createActor(createCaseMachine.provide({ actors: { search: search.logic }, actions: { contactSales: () => contacted.push('sales') } })).start();
    actor.send({ type: 'SUBMIT', values: { search_term: 'Nancy Pelosy' } });
    await search.reject(failureOf(429, 'Daily search limit has been reached.', 'daily_search_limit'));
    expect(value(actor)).toBe('"editing"');
    expect(actor.getSnapshot().context.error).toBe('Daily search limit has been reached.');
    actor.send({ type: 'SUBMIT', values: { search_term: 'Nancy Pelosy' } });
    await search.reject(failureOf(402, 'Your search limit has been reached.', 'search_limit'));
    expect(value(actor)).toBe('"creditsExpired"');
    actor.send({ type: 'CONTACT_SALES' });
    expect(contacted).toEqual(['sales']);
    expect(value(actor)).toBe('"editing"');
    actor.send({ type: 'SUBMIT', values: { search_term: 'Nancy Pelosy' } });
    await search.resolve({ reference: 'AML-2026-000009' });
    expect(value(actor)).toBe('"created"');
    expect(actor.getSnapshot().context.reference).toBe('AML-2026-000009');
  });
});

// ---------------------------------------------------------------------------
// Model-based paths: every state of each chart, replayed on a running actor.

interface ModelCase {
  name: string;
  machine: AnyStateMachine;
  input?: unknown;
  events: EventObject[];
  states: string[];
  actor: string;
  invokeId: string;
}

const failure = failureOf(409, 'refused', 'invalid_transition');
const MODELS: ModelCase[] = [
  {
    name: 'review',
    machine: reviewMachine,
    actor: 'submit',
    invokeId: 'submit',
    events: [
      { type: 'OPEN', target: { kind: 'cases', references: ['A'] } },
      { type: 'EDIT', patch: { risk_level: 'Low' } },
      { type: 'SUBMIT' },
      { type: 'CANCEL' },
      { type: 'CLOSE' },
    ] as EventObject[],
    states: ['"closed"', '"editing"', '"submitting"', '"saved"'],
  },
  {
    name: 'monitoring',
    machine: monitoringMachine,
    input: { enabled: false },
    actor: 'save',
    invokeId: 'save',
    events: [{ type: 'TOGGLE' }, { type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'SYNC', enabled: true }] as EventObject[],
    states: ['{"settled":"off"}', '{"settled":"on"}', '"confirmingOn"', '"confirmingOff"', '"saving"'],
  },
  {
    name: 'create case',
    machine: createCaseMachine,
    actor: 'search',
    invokeId: 'search',
    events: [{ type: 'SUBMIT', values: { search_term: 'x' } }, { type: 'CLOSE_DIALOG' }, { type: 'CONTACT_SALES' }, { type: 'RESET' }] as EventObject[],
    states: ['"editing"', '"searching"', '"creditsExpired"', '"created"'],
  },
];

describe.each(MODELS)('$name machine model', (m) => {
  const outcomes = [
    { type: `xstate.done.actor.${m.invokeId}`, output: { reference: 'AML-2026-000001' } },
    { type: `xstate.error.actor.${m.invokeId}`, error: failure },
    ...(m.name === 'create case' ? [{ type: `xstate.error.actor.${m.invokeId}`, error: failureOf(402, 'Your search limit has been reached.', 'search_limit') }] : []),
  ];
  const model = new TestModel(m.machine as any, { input: m.input, events: [...m.events, ...outcomes] as never, serializeState: (s: any) => `${JSON.stringify(s.value)}|${JSON.stringify(s.context.enabled ?? null)}|${JSON.stringify(s.context.draft ?? null)}` });
  const paths = model.getShortestPaths();

  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((p) => [...p.steps.map((s) => JSON.stringify((s.state as any).value)), JSON.stringify((p.state as any).value)]));
    expect([...reached].sort()).toEqual([...m.states].sort());
  });

  it.each(paths.map((p) => [p.description, p] as const))('replays %s', async (_d, path) => {
    const call = deferred();
    const actor = createActor(m.machine.provide({ actors: { [m.actor]: call.logic } } as any), { input: m.input } as any).start();
    for (const step of path.steps) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      if (event.type.startsWith('xstate.done.actor.')) await call.resolve(event.output);
      else if (event.type.startsWith('xstate.error.actor.')) await call.reject(event.error);
      else {
        actor.send(event as never);
        await flush();
      }
      expect(JSON.stringify(actor.getSnapshot().value)).toBe(JSON.stringify((step.state as any).value));
    }
  });
});
