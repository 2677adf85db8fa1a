/**
 * The case statecharts: decision review, monitoring toggles and Create New
 * Case, transition by transition, then every transition of each chart (paths
 * generated with xstate/graph) replayed on a running actor whose calls the
 * test settles, each step checked against a reference written here: the calls
 * made with their arguments and what the view shows, not the chart's own states.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine, type EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import { validateComment } from '../../common/validation';
import { deferred, flush, transitionPaths } from '../admin/harness';
import { EMPTY_CASE_FORM, createCaseMachine } from '../../machines/cases/create-case.machine';
import { selectCreatedReference } from '../../machines/cases/create-case.selectors';
import { monitoringMachine } from '../../machines/cases/monitoring.machine';
import { reviewMachine, reviewRequest } from '../../machines/cases/review.machine';
import { failureOf } from '../helpers/session-fixtures';

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
    const actor = createActor(createCaseMachine.provide({ actors: { submit: search.logic }, actions: { followUp: () => contacted.push('sales') } })).start();
    actor.send({ type: 'EDIT', field: 'search_term', value: 'Nancy Pelosy' });
    actor.send({ type: 'SUBMIT' });
    await search.reject(failureOf(429, 'Daily search limit has been reached.', 'daily_search_limit'));
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().hasTag('halted')).toBe(false);
    expect(actor.getSnapshot().context.error).toBe('Daily search limit has been reached.');
    actor.send({ type: 'SUBMIT' });
    await search.reject(failureOf(402, 'Your search limit has been reached.', 'search_limit'));
    expect(actor.getSnapshot().hasTag('halted')).toBe(true);
    actor.send({ type: 'FOLLOW_UP' });
    expect(contacted).toEqual(['sales']);
    expect(actor.getSnapshot().hasTag('editable')).toBe(true);
    actor.send({ type: 'SUBMIT' });
    await search.resolve({ reference: 'AML-2026-000009' });
    expect(actor.getSnapshot().hasTag('succeeded')).toBe(true);
    expect(selectCreatedReference(actor.getSnapshot())).toBe('AML-2026-000009');
    expect(search.calls).toHaveLength(3);
  });
});

// ---------------------------------------------------------------------------
// Every transition of each chart, against a reference that is not the chart.

type Ev = EventObject & Record<string, any>;
type Failure = { status: number | null; message: string; code?: string };
interface Step<R> {
  ref: R;
  /** Inputs of the calls this step makes. */
  calls: unknown[];
}

interface ModelCase<R> {
  name: string;
  machine: AnyStateMachine;
  input?: unknown;
  events: Ev[];
  actor: string;
  invokeId: string;
  initial: R;
  reference(r: R, event: Ev): Step<R>;
  /** What the view shows, read from a snapshot. */
  view(snapshot: any): R;
  /** Provided actions, recorded (e.g. contact sales). */
  actions?: string[];
  minTransitions: number;
}

const refused = failureOf(409, 'refused', 'invalid_transition');

// ---------------------------------------------------------------- decision review

interface ReviewRef {
  dialog: 'closed' | 'editing' | 'submitting' | 'saved';
  target: unknown;
  draft: Record<string, unknown>;
  invalid: { field: string; message: string } | null;
  errorCode: string | null;
}

/** The decision-review body (section 7): the target, each decided field, and the comment when there is one. */
function reviewBody(target: any, draft: Record<string, any>) {
  const body: Record<string, unknown> = target.kind === 'entities' ? { reference: target.reference, entity_ids: target.ids } : { references: target.references };
  for (const key of ['match_status', 'risk_level', 'case_status', 'assignee_ids', 'aml_monitoring']) if (draft[key] !== undefined) body[key] = draft[key];
  if (draft.comment.trim()) body.comment = draft.comment.trim();
  return body;
}

const review: ModelCase<ReviewRef> = {
  name: 'review',
  machine: reviewMachine,
  actor: 'submit',
  invokeId: 'submit',
  minTransitions: 40,
  events: [
    { type: 'OPEN', target: { kind: 'cases', references: ['A', 'B'] } },
    { type: 'OPEN', target: { kind: 'entities', reference: 'AML-1', ids: ['h1'] }, draft: { match_status: 'True Positive' } },
    { type: 'EDIT', patch: { risk_level: 'Low' } },
    { type: 'EDIT', patch: { comment: ' Checked with the registry ' } },
    { type: 'EDIT', patch: { comment: 'see {this}' } },
    { type: 'SUBMIT' },
    { type: 'CANCEL' },
    { type: 'CLOSE' },
    { type: 'xstate.done.actor.submit', output: { code: 'decision_saved' } },
    { type: 'xstate.error.actor.submit', error: refused },
  ],
  initial: { dialog: 'closed', target: null, draft: { comment: '' }, invalid: null, errorCode: null },
  reference(r, e) {
    const same = { ref: r, calls: [] };
    switch (e.type) {
      case 'OPEN':
        if (r.dialog !== 'closed' && r.dialog !== 'saved') return same;
        return { ref: { dialog: 'editing', target: e.target, draft: { comment: '', ...e.draft }, invalid: null, errorCode: null }, calls: [] };
      case 'EDIT':
        return r.dialog === 'editing' ? { ref: { ...r, draft: { ...r.draft, ...e.patch }, invalid: null }, calls: [] } : same;
      case 'SUBMIT': {
        if (r.dialog !== 'editing') return same;
        const comment = String(r.draft.comment);
        // Refused without a round trip: a comment breaking the rules, or a decision that changes nothing.
        const rule = comment.trim() ? validateComment(comment) : null;
        if (rule) return { ref: { ...r, invalid: { field: 'comment', message: rule } }, calls: [] };
        const changes = ['match_status', 'risk_level', 'case_status', 'assignee_ids', 'aml_monitoring'].some((k) => r.draft[k] !== undefined);
        if (!changes && !comment.trim()) return { ref: { ...r, invalid: { field: 'draft', message: 'decision_required' } }, calls: [] };
        return { ref: { ...r, dialog: 'submitting' }, calls: [reviewBody(r.target, r.draft)] };
      }
      case 'CANCEL':
        return r.dialog === 'editing' ? { ref: { ...r, dialog: 'closed' }, calls: [] } : same;
      case 'CLOSE':
        return r.dialog === 'saved' ? { ref: { ...r, dialog: 'closed', target: null, draft: { comment: '' } }, calls: [] } : same;
      case 'xstate.done.actor.submit':
        return { ref: { ...r, dialog: 'saved' }, calls: [] };
      case 'xstate.error.actor.submit':
        return { ref: { ...r, dialog: 'editing', errorCode: (e.error as Failure).code ?? null }, calls: [] };
      default:
        throw new Error(`no reference for ${e.type}`);
    }
  },
  view: (s) => ({
    dialog: s.matches('closed') ? 'closed' : s.matches('submitting') ? 'submitting' : s.matches('saved') ? 'saved' : 'editing',
    target: s.context.target,
    draft: s.context.draft,
    invalid: s.context.invalid,
    errorCode: s.context.errorCode,
  }),
};

// ---------------------------------------------------------------- a monitoring switch

interface MonitoringRef {
  /** The switch shows the server's value; a dialog asks before it changes. */
  switchOn: boolean;
  dialog: 'none' | 'confirm on' | 'confirm off' | 'saving';
  errorCode: string | null;
}

const monitoring: ModelCase<MonitoringRef> = {
  name: 'monitoring',
  machine: monitoringMachine,
  input: { enabled: false },
  actor: 'save',
  invokeId: 'save',
  minTransitions: 25,
  events: [
    { type: 'TOGGLE' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'SYNC', enabled: true },
    { type: 'SYNC', enabled: false },
    { type: 'xstate.done.actor.save', output: {} },
    { type: 'xstate.error.actor.save', error: failureOf(409, 'This case has been deleted and can no longer be changed.', 'case_deleted_locked') },
  ],
  initial: { switchOn: false, dialog: 'none', errorCode: null },
  reference(r, e) {
    const same = { ref: r, calls: [] };
    switch (e.type) {
      case 'TOGGLE':
        return r.dialog === 'none' ? { ref: { ...r, dialog: r.switchOn ? 'confirm off' : 'confirm on' }, calls: [] } : same;
      case 'CONFIRM':
        return r.dialog === 'confirm on' || r.dialog === 'confirm off' ? { ref: { ...r, dialog: 'saving' }, calls: [{ enabled: !r.switchOn }] } : same;
      case 'CANCEL':
        return r.dialog === 'confirm on' || r.dialog === 'confirm off' ? { ref: { ...r, dialog: 'none' }, calls: [] } : same;
      case 'SYNC':
        // The server's value, after someone else switched it; not while the user is deciding or saving.
        return r.dialog === 'none' ? { ref: { ...r, switchOn: e.enabled }, calls: [] } : same;
      case 'xstate.done.actor.save':
        return { ref: { switchOn: !r.switchOn, dialog: 'none', errorCode: null }, calls: [] };
      case 'xstate.error.actor.save':
        return { ref: { ...r, dialog: 'none', errorCode: (e.error as Failure).code ?? null }, calls: [] };
      default:
        throw new Error(`no reference for ${e.type}`);
    }
  },
  view: (s) => ({
    switchOn: s.context.enabled,
    dialog: s.matches('confirmingOn') ? 'confirm on' : s.matches('confirmingOff') ? 'confirm off' : s.matches('saving') ? 'saving' : 'none',
    errorCode: s.context.errorCode,
  }),
};

// ---------------------------------------------------------------- Create New Case

interface CreateRef {
  screen: 'form' | 'searching' | 'credits expired' | 'results';
  term: string;
  /** The problem shown under the search term. */
  termError: string | null;
  reference: string | null;
  errorCode: string | null;
  /** The view's provided effects, in the order they ran. */
  performed: string[];
}

const createCase: ModelCase<CreateRef> = {
  name: 'create case',
  machine: createCaseMachine,
  actor: 'submit',
  invokeId: 'submit',
  actions: ['notify', 'navigate', 'followUp'],
  minTransitions: 15,
  events: [
    { type: 'EDIT', field: 'search_term', value: 'Nancy Pelosy' },
    { type: 'EDIT', field: 'search_term', value: '' },
    { type: 'SUBMIT' },
    { type: 'DISMISS' },
    { type: 'FOLLOW_UP' },
    { type: 'RESET' },
    { type: 'xstate.done.actor.submit', output: { reference: 'AML-2026-000001' } },
    { type: 'xstate.error.actor.submit', error: failureOf(429, 'Daily search limit has been reached.', 'daily_search_limit') },
    { type: 'xstate.error.actor.submit', error: failureOf(402, 'Your search limit has been reached.', 'search_limit') },
  ],
  initial: { screen: 'form', term: '', termError: null, reference: null, errorCode: null, performed: [] },
  reference(r, e) {
    const same = { ref: r, calls: [] };
    switch (e.type) {
      case 'EDIT':
        return r.screen === 'form' ? { ref: { ...r, term: e.value, termError: null }, calls: [] } : same;
      case 'SUBMIT':
        if (r.screen !== 'form') return same;
        // An empty name is refused under its field without a round trip (section 5: the search term is required).
        if (!r.term.trim()) return { ref: { ...r, termError: 'required' }, calls: [] };
        return { ref: { ...r, screen: 'searching', errorCode: null }, calls: [{ ...EMPTY_CASE_FORM, search_term: r.term }] };
      case 'xstate.done.actor.submit':
        // The snack bar, then the new case's results: each once.
        return { ref: { ...r, screen: 'results', reference: e.output.reference, performed: [...r.performed, 'notify', 'navigate'] }, calls: [] };
      case 'xstate.error.actor.submit': {
        const code = (e.error as Failure).code ?? null;
        // Out of credits: the credits-expired dialog; anything else (the daily limit too) back to the form with the message.
        if (code === 'search_limit') return { ref: { ...r, screen: 'credits expired' }, calls: [] };
        return { ref: { ...r, screen: 'form', errorCode: code }, calls: [] };
      }
      case 'DISMISS':
        return r.screen === 'credits expired' ? { ref: { ...r, screen: 'form' }, calls: [] } : same;
      case 'FOLLOW_UP':
        return r.screen === 'credits expired' ? { ref: { ...r, screen: 'form', performed: [...r.performed, 'followUp'] }, calls: [] } : same;
      case 'RESET':
        // Reset empties the form (and a success's reference) wherever the user is, except while searching or in the dialog.
        return r.screen === 'form' || r.screen === 'results' ? { ref: { ...r, screen: 'form', term: '', termError: null, reference: null, errorCode: null }, calls: [] } : same;
      default:
        throw new Error(`no reference for ${e.type}`);
    }
  },
  view: (s) => ({
    screen: s.hasTag('busy') ? 'searching' : s.hasTag('halted') ? 'credits expired' : s.hasTag('succeeded') ? 'results' : 'form',
    term: s.context.values.search_term,
    termError: s.context.fieldErrors.search_term ?? null,
    reference: selectCreatedReference(s),
    errorCode: s.context.errorCode,
    performed: [],
  }),
};

const MODELS = [review, monitoring, createCase] as ModelCase<any>[];

describe.each(MODELS)('$name machine, every transition against the reference', (m) => {
  const serialize = (s: any) =>
    `${JSON.stringify(s.value)}|${JSON.stringify(s.context.enabled ?? null)}|${JSON.stringify(s.context.draft ?? null)}|${JSON.stringify(s.context.invalid ?? null)}|${JSON.stringify(s.context.values?.search_term ?? null)}|${JSON.stringify(s.context.fieldErrors ?? null)}`;
  const model = new TestModel(m.machine as any, { input: m.input, events: m.events as never, serializeState: serialize });
  const edges = transitionPaths(model as any, serialize);
  const describeEvent = (e: EventObject) => e.type.replace(/^xstate\.(done|error)\.actor\.(\w+)$/, (_x, kind, id) => `${id}:${kind === 'done' ? 'ok' : 'failed'}`);

  it('has every transition to replay', () => {
    expect(edges.length).toBeGreaterThan(m.minTransitions);
  });

  it.each(edges.map((p, i) => [`${i} ${p.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => describeEvent(s.event)).join(' → ')}`, p] as const))('%s', async (_d, path) => {
    const call = deferred();
    const performed: string[] = [];
    const actions = Object.fromEntries((m.actions ?? []).map((name) => [name, () => performed.push(name)]));
    const actor = createActor(m.machine.provide({ actors: { [m.actor]: call.logic }, actions } as any), { input: m.input } as any).start();
    const shownNow = () => {
      const shown = m.view(actor.getSnapshot());
      if ('performed' in shown) shown.performed = [...performed];
      return shown;
    };
    let ref = m.initial;
    expect(shownNow(), 'at start').toEqual(ref);
    let seenCalls = 0;
    for (const [i, step] of path.steps.entries()) {
      const event = step.event as Ev;
      if (event.type === 'xstate.init') continue;
      const expected = m.reference(ref, event);
      ref = expected.ref;
      if (event.type.startsWith('xstate.done.actor.')) await call.resolve(event.output);
      else if (event.type.startsWith('xstate.error.actor.')) await call.reject(event.error);
      else {
        actor.send(event as never);
        await flush();
      }
      const where = `after step ${i} (${describeEvent(event)})`;
      expect(call.calls.slice(seenCalls), where).toEqual(expected.calls);
      seenCalls = call.calls.length;
      expect(shownNow(), where).toEqual(ref);
    }
  });
});
