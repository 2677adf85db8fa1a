/**
 * The rule builder (Rules Listing's "New rule" and "Edit"): a form over the rule language's expression tree
 * (rule-draft.ts) with the rule's name, description, score and action. Each edit is checked at once, field by
 * field and then by the shared schema the API uses (common/schemas/tm-rules.ts); the problems show once the user
 * tries to backtest or save, so a new empty field does not start red.
 *
 * Backtest runs the draft over the organisation's stored history (POST /transaction-monitoring/rules/backtest)
 * and keeps the answer with the draft it ran on, so the screen can say when the draft changed since. It runs
 * beside the form: editing goes on, and it can be stopped. Save stores a new rule (Disabled, so nothing fires
 * before it is switched on) or a new version of the rule; "Save and enable" switches it on straight after.
 * Leaving with unsaved changes asks first. The calls (backtest, save, enable) and the effects (saved, close,
 * notifyNotEnabled) are supplied with .provide().
 */
import { and, assign, fromPromise, setup, stateIn } from 'xstate';
import type { MessageId } from '../../common/messages';
import { TM_RULE_LIMITS, type BacktestAnswer, type RuleRow } from '../../common/tm-alerts';
import { failureField, failureNotice, toApiFailure } from '../shared/api-failure';
import {
  draftFromRule,
  findNode,
  isWhereGroup,
  mapNode,
  moveNode,
  newDraft,
  newNode,
  patchNode,
  schemaProblems,
  toDefinition,
  treeProblems,
  WHERE_KINDS,
  type GroupNode,
  type IdSource,
  type RuleDraft,
} from './rule-draft';
import type { BacktestRequest, MetaProblems, RuleBuilderContext, RuleBuilderEvent, RuleBuilderInput, RuleBuilderTag, SaveAnswer, SaveRequest } from './rule-builder.types';
import type { TmAnswer } from './views';
export type * from './rule-builder.types';

// ---------------------------------------------------------------- Checks

/** The rule's own fields, by the API's rules and messages (common/tm-alerts.ts TM_RULE_LIMITS). */
export function metaProblems(draft: Pick<RuleDraft, 'name' | 'description' | 'score'>): MetaProblems {
  const out: MetaProblems = {};
  const name = draft.name.trim();
  if (!name) out.name = 'required';
  else if (name.length < TM_RULE_LIMITS.name.min || name.length > TM_RULE_LIMITS.name.max) out.name = 'tm_rule_name_length';
  if (draft.description.trim().length > TM_RULE_LIMITS.description.max) out.description = 'tm_rule_description_length';
  const score = draft.score.trim();
  if (!/^\d{1,3}$/.test(score) || Number(score) < TM_RULE_LIMITS.score.min || Number(score) > TM_RULE_LIMITS.score.max) out.score = 'tm_rule_score_range';
  return out;
}

/** What stops the definition from being backtested or saved: the form's own problems, then the shared schema's. */
export function definitionProblems(draft: RuleDraft): { fields: ReturnType<typeof treeProblems>; schema: { node: string; message: MessageId }[] } {
  const fields = treeProblems(draft.root);
  // Text that is not yet a number would reach the schema as NaN: the form's own problems say it better.
  return { fields, schema: Object.keys(fields).length ? [] : schemaProblems(draft) };
}

export const definitionValid = (draft: RuleDraft) => {
  const p = definitionProblems(draft);
  return Object.keys(p.fields).length === 0 && p.schema.length === 0;
};

/** The score a backtest and a save send: the typed one, or the middle of the range while it is not a number yet. */
const scoreOf = (draft: RuleDraft) => (/^\d{1,3}$/.test(draft.score.trim()) ? Math.min(100, Number(draft.score.trim())) : 50);

/** What a backtest's answer depends on: when it changes, the answer on screen is out of date. */
export const backtestKey = (draft: RuleDraft) => JSON.stringify({ definition: toDefinition(draft), score: scoreOf(draft) });

/** What leaving would lose: the rule's fields and its definition. */
const snapshotOf = (draft: RuleDraft) => JSON.stringify({ name: draft.name.trim(), description: draft.description.trim(), score: draft.score.trim(), definition: toDefinition(draft) });

/** The stored rule in a save's answer (the rule itself, or under `rule`). */
export const ruleOf = (answer: SaveAnswer): RuleRow => ('rule' in answer && answer.rule ? answer.rule : (answer as RuleRow));

function start(rule: RuleRow | null): Pick<RuleBuilderContext, 'draft' | 'nextId' | 'initial'> {
  const ids: IdSource = { next: 1 };
  const draft = rule ? draftFromRule(rule, ids) : newDraft(ids);
  return { draft, nextId: ids.next, initial: snapshotOf(draft) };
}

/** Applies a tree edit with the context's id counter. */
function edit(context: RuleBuilderContext, change: (root: GroupNode, ids: IdSource) => GroupNode): Partial<RuleBuilderContext> {
  const ids: IdSource = { next: context.nextId };
  const root = change(context.draft.root, ids);
  return { draft: { ...context.draft, root }, nextId: ids.next, saveError: null };
}

// ---------------------------------------------------------------- The chart

export const ruleBuilderMachine = setup({
  types: {
    context: {} as RuleBuilderContext,
    events: {} as RuleBuilderEvent,
    input: {} as RuleBuilderInput,
    tags: {} as RuleBuilderTag,
  },
  actors: {
    backtest: fromPromise<BacktestAnswer, BacktestRequest>(async () => {
      throw new Error('backtest is provided by the view');
    }),
    save: fromPromise<SaveAnswer, SaveRequest>(async () => {
      throw new Error('save is provided by the view');
    }),
    enable: fromPromise<TmAnswer, { id: string }>(async () => {
      throw new Error('enable is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the snack bar, and the rule shown in the list. */
    saved: (_, _params: { rule: RuleRow; enabled: boolean; answer: TmAnswer }) => {},
    /** Supplied by the view: 'Rule is not updated.' when the saved rule could not be switched on. */
    notifyNotEnabled: (_, _params: { message: string; code: string | null }) => {},
    /** Supplied by the view: the builder closes (the actor stops with it). */
    close: () => {},
  },
  guards: {
    definitionValid: ({ context }) => definitionValid(context.draft),
    allValid: ({ context }) => definitionValid(context.draft) && Object.keys(metaProblems(context.draft)).length === 0,
    dirty: ({ context }) => snapshotOf(context.draft) !== context.initial,
    enableWanted: ({ context }) => context.enable && context.saved !== null && context.saved.status !== 'Enabled',
    canAdd: ({ context, event }) => {
      if (event.type !== 'ADD') return false;
      const parent = findNode(context.draft.root, event.parent);
      if (parent?.kind !== 'group') return false;
      return !isWhereGroup(context.draft.root, event.parent) || (WHERE_KINDS as readonly string[]).includes(event.kind);
    },
    removable: ({ context, event }) => event.type === 'REMOVE' && event.id !== context.draft.root.id && findNode(context.draft.root, event.id) !== null,
  },
}).createMachine({
  id: 'ruleBuilder',
  context: ({ input }) => ({
    rule: input?.rule ?? null,
    ...start(input?.rule ?? null),
    checked: false,
    backtest: null,
    backtestOf: null,
    runningOf: null,
    backtestError: null,
    enable: false,
    saved: null,
    saveError: null,
  }),
  initial: 'open',
  states: {
    open: {
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                META: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.patch }), saveError: null }) },
                ADD: { guard: 'canAdd', actions: assign(({ context, event }) => edit(context, (root, ids) => mapNode(root, event.parent, (g) => ({ ...(g as GroupNode), children: [...(g as GroupNode).children, newNode(event.kind, ids)] })) as GroupNode)) },
                REMOVE: {
                  guard: 'removable',
                  description: 'Any part but the rule’s own top group can go; a filter’s group goes with its aggregate.',
                  actions: assign(({ context, event }) => edit(context, (root) => mapNode(root, event.id, () => null) as GroupNode)),
                },
                UPDATE: { actions: assign(({ context, event }) => edit(context, (root, ids) => mapNode(root, event.id, (n) => patchNode(n, event.patch, ids)) as GroupNode)) },
                MOVE: { actions: assign(({ context, event }) => edit(context, (root) => moveNode(root, event.id, event.by))) },
                SAVE: [
                  { guard: 'allValid', target: 'saving', actions: assign({ enable: ({ event }) => event.enable, checked: true, saveError: null }) },
                  { description: 'Something cannot be saved yet: every problem shows where it is, and nothing is sent.', actions: assign({ checked: true }) },
                ],
              },
            },
            saving: {
              tags: ['saving'],
              initial: 'storing',
              states: {
                storing: {
                  invoke: {
                    id: 'save',
                    src: 'save',
                    input: ({ context }) => ({
                      id: context.rule?.id ?? null,
                      name: context.draft.name.trim(),
                      description: context.draft.description.trim(),
                      score: scoreOf(context.draft),
                      definition: toDefinition(context.draft),
                    }),
                    onDone: { target: 'stored', actions: assign({ saved: ({ event }) => ruleOf(event.output) }) },
                    onError: {
                      target: '#ruleBuilder.open.form.editing',
                      description: 'Refused: the reason shows under the field it names, or above the buttons.',
                      actions: assign({ saveError: ({ event }) => ({ ...toApiFailure(event.error), field: failureField(event.error) }) }),
                    },
                  },
                },
                stored: {
                  always: [
                    { guard: 'enableWanted', target: 'enabling' },
                    {
                      target: '#ruleBuilder.closed',
                      actions: { type: 'saved', params: ({ context }) => ({ rule: context.saved!, enabled: context.saved!.status === 'Enabled', answer: {} }) },
                    },
                  ],
                },
                enabling: {
                  description: '"Save and enable": the saved rule is switched on, as the listing’s switch does.',
                  invoke: {
                    id: 'enable',
                    src: 'enable',
                    input: ({ context }) => ({ id: context.saved!.id }),
                    onDone: {
                      target: '#ruleBuilder.closed',
                      actions: { type: 'saved', params: ({ context, event }) => ({ rule: { ...context.saved!, status: 'Enabled' as const }, enabled: true, answer: event.output }) },
                    },
                    onError: {
                      target: '#ruleBuilder.closed',
                      description: 'Saved but still Disabled: both are told, and the listing shows it Disabled.',
                      actions: [
                        { type: 'saved', params: ({ context }) => ({ rule: context.saved!, enabled: false, answer: {} }) },
                        { type: 'notifyNotEnabled', params: ({ event }) => failureNotice(event.error) },
                      ],
                    },
                  },
                },
              },
            },
          },
        },
        backtest: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                BACKTEST: [
                  { guard: 'definitionValid', target: 'running', actions: assign({ checked: true }) },
                  { description: 'A definition that cannot run shows its problems instead.', actions: assign({ checked: true }) },
                ],
              },
            },
            running: {
              tags: ['backtesting'],
              description: 'The form stays editable; the answer is kept with the draft it ran on.',
              entry: assign({ runningOf: ({ context }) => backtestKey(context.draft), backtestError: null }),
              invoke: {
                id: 'backtest',
                src: 'backtest',
                input: ({ context }) => ({ definition: toDefinition(context.draft), score: scoreOf(context.draft) }),
                onDone: { target: 'idle', actions: assign({ backtest: ({ event }) => event.output, backtestOf: ({ context }) => context.runningOf }) },
                onError: { target: 'idle', actions: assign({ backtestError: ({ event }) => toApiFailure(event.error), backtest: null }) },
              },
              on: {
                STOP_BACKTEST: { target: 'idle', description: 'Stopping drops the answer on its way; the last one stays with the draft it ran on.' },
              },
            },
          },
        },
        leaving: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                CLOSE: [
                  { guard: and(['dirty', stateIn('#ruleBuilder.open.form.editing')]), target: 'confirming', description: 'Unsaved changes: asks before they are lost.' },
                  { guard: stateIn('#ruleBuilder.open.form.editing'), target: '#ruleBuilder.closed', description: 'Nothing to lose; while a save is on its way the builder stays.' },
                ],
              },
            },
            confirming: {
              tags: ['confirmingDiscard'],
              description: 'Leaving would lose the changes: the user chooses.',
              on: {
                DISCARD: '#ruleBuilder.closed',
                KEEP_EDITING: 'idle',
              },
            },
          },
        },
      },
    },
    closed: {
      type: 'final',
      entry: 'close',
    },
  },
});
