/**
 * The risk engine editor of the Risk Scoring screen: create an engine or open one, edit its title, model
 * name, thresholds, rules (added and removed) and decisions, try the definition on a case or a sample
 * record before saving, save it (a new version of an existing engine) or discard the changes.
 *
 * Problems are found with the shared rules (engine-draft.ts): nothing is shown before the first try or
 * save; a try checks what scoring needs, a save checks everything, and from then on the problems follow
 * the typing. The calls are declared here and supplied by the screen (.provide): loadEngine, tryEngine,
 * saveEngine. Saving emits { type: 'saved', answer, created } for the screen to refresh its list.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { RiskTryAnswer } from '../../common/risk-scoring';
import { failureField, toApiFailure } from '../shared/api-failure';
import {
  blankDraft,
  blankTrial,
  draftBody,
  draftOf,
  draftProblems,
  fieldOfServer,
  newRule,
  sameDraft,
  scoringProblems,
  trialBody,
  trialProblem,
} from './engine-draft';
import type { EngineEditorContext, EngineEditorEmitted, EngineEditorEvent, LoadedEngine, SaveEngineInput, TryEngineInput } from './engine-editor.types';
export type { EngineEditorContext, EngineEditorEmitted, EngineEditorEvent, LoadedEngine, SaveEngineInput, TryEngineInput } from './engine-editor.types';

const fresh = (): Omit<EngineEditorContext, 'engineId'> => {
  const draft = blankDraft();
  return {
    version: 0,
    isActive: false,
    draft,
    original: draft,
    nextKey: draft.rules.length,
    checked: 'none',
    trial: blankTrial(),
    trialProblem: null,
    trialResult: null,
    trialStale: false,
    trialError: null,
    error: null,
  };
};

const isEmpty = (problems: object) => Object.keys(problems).length === 0;

export const engineEditorMachine = setup({
  types: {
    context: {} as EngineEditorContext,
    events: {} as EngineEditorEvent,
    emitted: {} as EngineEditorEmitted,
  },
  actors: {
    loadEngine: fromPromise<LoadedEngine, { engineId: string }>(async () => {
      throw new Error('loadEngine is provided by the screen');
    }),
    tryEngine: fromPromise<RiskTryAnswer, TryEngineInput>(async () => {
      throw new Error('tryEngine is provided by the screen');
    }),
    saveEngine: fromPromise<unknown, SaveEngineInput>(async () => {
      throw new Error('saveEngine is provided by the screen');
    }),
  },
  actions: {
    /** Any change of the definition: a server message about the old values goes, and a result scored with them is marked stale. */
    edited: assign(({ context }) => ({ error: null, trialStale: context.trialResult !== null })),
  },
  guards: {
    scoringInvalid: ({ context }) => !isEmpty(scoringProblems(context.draft)),
    trialIncomplete: ({ context }) => trialProblem(context.trial) !== null,
    draftInvalid: ({ context }) => !isEmpty(draftProblems(context.draft)),
    unchanged: ({ context }) => context.engineId !== null && sameDraft(context.draft, context.original),
    dirty: ({ context }) => !sameDraft(context.draft, context.original),
  },
}).createMachine({
  id: 'engineEditor',
  context: { engineId: null, ...fresh() },
  initial: 'closed',
  states: {
    closed: {
      on: {
        CREATE: { target: 'editing', actions: assign(() => ({ engineId: null, ...fresh() })) },
        OPEN: { target: 'loading', actions: assign(({ event }) => ({ engineId: event.engineId, ...fresh() })) },
      },
    },
    loading: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'loadEngine',
        src: 'loadEngine',
        input: ({ context }) => ({ engineId: context.engineId! }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => {
            const draft = draftOf(event.output);
            return { draft, original: draft, nextKey: draft.rules.length, version: event.output.version, isActive: event.output.is_active };
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => ({ ...toApiFailure(event.error), field: null }) }) },
      },
    },
    failed: {
      tags: ['open', 'failed'],
      on: { RETRY: 'loading', CLOSE: 'closed' },
    },
    editing: {
      tags: ['open', 'editable'],
      on: {
        SET_FIELD: { actions: [assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }) }), 'edited'] },
        ADD_RULE: {
          description: 'A new rule holds for any country; its category, record condition and weightage are to choose. More than 100 rules is a problem shown, not a button hidden.',
          actions: [assign(({ context }) => ({ draft: { ...context.draft, rules: [...context.draft.rules, newRule(context.nextKey)] }, nextKey: context.nextKey + 1 })), 'edited'],
        },
        REMOVE_RULE: { actions: [assign({ draft: ({ context, event }) => ({ ...context.draft, rules: context.draft.rules.filter((r) => r.key !== event.key) }) }), 'edited'] },
        SET_RULE: {
          actions: [
            assign({ draft: ({ context, event }) => ({ ...context.draft, rules: context.draft.rules.map((r) => (r.key === event.key ? { ...r, [event.field]: event.value } : r)) }) }),
            'edited',
          ],
        },
        SET_DECISION: { actions: [assign({ draft: ({ context, event }) => ({ ...context.draft, decisions: { ...context.draft.decisions, [event.outcome]: event.decision } }) }), 'edited'] },
        SET_TRIAL: {
          description: 'Choosing what to try on changes nothing of the engine: the last result stays until the next try.',
          actions: assign({ trial: ({ context, event }) => ({ ...context.trial, ...event.patch }), trialProblem: null, trialError: null }),
        },
        TRY: [
          {
            guard: 'scoringInvalid',
            description: 'Thresholds or rules are not complete: their problems show (the title is not needed to try) and nothing is sent.',
            actions: assign({ checked: ({ context }) => (context.checked === 'all' ? 'all' : 'scoring') }),
          },
          { guard: 'trialIncomplete', description: 'A case reference is needed to try on a case.', actions: assign({ trialProblem: ({ context }) => trialProblem(context.trial) }) },
          { target: 'trying' },
        ],
        SAVE: [
          { guard: 'draftInvalid', description: 'Every problem shows beside its field; nothing is sent.', actions: assign({ checked: 'all' }) },
          { guard: 'unchanged', target: 'closed', description: 'Saving an engine unchanged sends nothing and makes no new version.' },
          { target: 'saving' },
        ],
        CLOSE: [{ guard: 'dirty', target: 'confirmingClose' }, { target: 'closed' }],
      },
    },
    trying: {
      tags: ['open', 'busy', 'trying'],
      invoke: {
        id: 'tryEngine',
        src: 'tryEngine',
        input: ({ context }): TryEngineInput => ({ body: { ...draftBody(context.draft), ...trialBody(context.trial) } as TryEngineInput['body'] }),
        onDone: { target: 'editing', actions: assign({ trialResult: ({ event }) => event.output, trialStale: false, trialError: null }) },
        onError: {
          target: 'editing',
          description: 'The message shows in the panel, under the field it names (an unknown case reference); the last result goes, as it no longer answers the question.',
          actions: assign({ trialError: ({ context, event }) => ({ ...toApiFailure(event.error), field: fieldOfServer(context.draft, failureField(event.error)) }), trialResult: null }),
        },
      },
    },
    saving: {
      tags: ['open', 'busy', 'saving'],
      invoke: {
        id: 'saveEngine',
        src: 'saveEngine',
        input: ({ context }): SaveEngineInput => ({ engineId: context.engineId, body: draftBody(context.draft) }),
        onDone: { target: 'closed', actions: emit(({ context, event }) => ({ type: 'saved' as const, answer: event.output, created: context.engineId === null })) },
        onError: {
          target: 'editing',
          description: 'The editor stays as the user left it, with the message under the field the server names (a title already used).',
          actions: assign({ error: ({ context, event }) => ({ ...toApiFailure(event.error), field: fieldOfServer(context.draft, failureField(event.error)) }) }),
        },
      },
    },
    confirmingClose: {
      tags: ['open', 'confirming'],
      description: 'Closing would lose unsaved changes: the editor asks first.',
      on: { DISCARD: 'closed', KEEP_EDITING: 'editing', CLOSE: 'closed' },
    },
  },
});
