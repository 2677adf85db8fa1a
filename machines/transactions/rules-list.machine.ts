/**
 * Rules Listing (/rules-listing): the organisation's rules (the default set and its own), each switched
 * Enabled or Disabled in place. One switch at a time: the status is sent with
 * POST /transaction-monitoring/rules/:id/status and the row shows the stored status only once the API agreed,
 * with section 8's snack bars 'Rule is updated Successfully.' and 'Rule is not updated.'. A rule saved in the
 * builder (its own statechart, rule-builder.machine.ts) is told to this one and shows at once. The calls
 * (load, setStatus) and the effects (notifyUpdated, notifyNotUpdated) are supplied with .provide().
 */
import { assign, fromPromise, setup } from 'xstate';
import type { RuleRow } from '../../common/tm-alerts';
import { failureNotice, toApiFailure } from '../shared/api-failure';
import type { RulesListContext, RulesListEvent, RulesListTag, StatusAnswer, StatusRequest } from './rules-list.types';
export type * from './rules-list.types';

/** The list with a rule put in (a new one first) or replaced. */
export function upsertRule(rules: RuleRow[], rule: RuleRow): RuleRow[] {
  return rules.some((r) => r.id === rule.id) ? rules.map((r) => (r.id === rule.id ? rule : r)) : [rule, ...rules];
}

export const rulesListMachine = setup({
  types: {
    context: {} as RulesListContext,
    events: {} as RulesListEvent,
    tags: {} as RulesListTag,
  },
  actors: {
    load: fromPromise<RuleRow[]>(async () => {
      throw new Error('load is provided by the view');
    }),
    setStatus: fromPromise<StatusAnswer, StatusRequest>(async () => {
      throw new Error('setStatus is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: 'Rule is updated Successfully.' */
    notifyUpdated: (_, _params: { answer: StatusAnswer }) => {},
    /** Supplied by the view: 'Rule is not updated.' (with the API's reason when it gave one). */
    notifyNotUpdated: (_, _params: { message: string; code: string | null }) => {},
  },
  guards: {
    changes: ({ context, event }) => event.type === 'SET_STATUS' && context.rules.some((r) => r.id === event.id && r.status !== event.status),
  },
}).createMachine({
  id: 'rulesList',
  context: { rules: [], loaded: false, error: null, switching: null },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'load',
            src: 'load',
            onDone: { target: 'ready', actions: assign({ rules: ({ event }) => event.output, loaded: true, error: null }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
          },
        },
        ready: {},
        failed: { tags: ['failed'] },
      },
      on: {
        RELOAD: { target: '.loading', reenter: true },
        SAVED: { actions: assign({ rules: ({ context, event }) => upsertRule(context.rules, event.rule) }) },
      },
    },
    switching: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SET_STATUS: { guard: 'changes', target: 'sending', actions: assign({ switching: ({ event }) => ({ id: event.id, status: event.status }) }) },
          },
        },
        sending: {
          tags: ['switching'],
          description: 'One switch at a time; the row changes once the API agreed, so it never shows a status the rule does not have.',
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: ({ context }) => context.switching!,
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => {
                  const wanted = context.switching!;
                  const stored = event.output.rule;
                  return {
                    switching: null,
                    rules: stored ? upsertRule(context.rules, stored) : context.rules.map((r) => (r.id === wanted.id ? { ...r, status: wanted.status } : r)),
                  };
                }),
                { type: 'notifyUpdated', params: ({ event }) => ({ answer: event.output }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: [assign({ switching: null }), { type: 'notifyNotUpdated', params: ({ event }) => failureNotice(event.error) }],
            },
          },
        },
      },
    },
  },
});
