/**
 * The Plans screen (/plans): the plans on offer are loaded, the user picks one (Choose when the organisation
 * has no plan yet, Upgrade or Downgrade otherwise), a confirmation says what changes (features gained or lost
 * at once, an invoice issued, credits granted once it is paid), and the choice is sent. A success keeps the
 * new plan as the current one and runs the provided effects once: notify (the snack bar) and refreshSession
 * (the session reads its organisation again, so the menu and the guards follow the new plan at once, without
 * a reload). A refusal stays in the confirmation with its message.
 * The calls (load, choose) are supplied with .provide().
 */
import { assign, fromPromise, setup } from 'xstate';
import type { PlansAnswer } from '../../common/billing';
import { toApiFailure } from '../shared/api-failure';
import type { ChoosePlanAnswer, ChoosePlanInput, PlanChangedParams, PlansContext, PlansEvent, PlansTag } from './plans.types';
export type { ChoosePlanAnswer, ChoosePlanInput, PlanChangedParams, PlansContext, PlansEvent, PlansTag } from './plans.types';

export const plansMachine = setup({
  types: {
    context: {} as PlansContext,
    events: {} as PlansEvent,
    tags: {} as PlansTag,
  },
  actors: {
    load: fromPromise<PlansAnswer>(async () => {
      throw new Error('load is provided by the screen');
    }),
    choose: fromPromise<ChoosePlanAnswer, ChoosePlanInput>(async () => {
      throw new Error('choose is provided by the screen');
    }),
  },
  actions: {
    /** Supplied by the screen: the snack bar of a changed plan. */
    notify: (_, _params: PlanChangedParams) => {},
    /** Supplied by the screen: the session reads the organisation again, so the menu shows the new plan's features. */
    refreshSession: () => {},
  },
  guards: {
    isCurrent: ({ context, event }) => event.type === 'CHOOSE' && context.answer?.current === event.plan,
  },
}).createMachine({
  id: 'plans',
  context: { answer: null, loadError: null, target: null, refusal: null, invoice: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ answer: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toApiFailure(event.error) }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: { RETRY: 'loading' },
    },
    ready: {
      tags: ['loaded'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            CHOOSE: [
              { guard: 'isCurrent', description: 'The current plan has no button; a stray choice of it changes nothing (the API would refuse it as unchanged).' },
              { target: 'confirming', actions: assign({ target: ({ event }) => event.plan, refusal: null }) },
            ],
          },
        },
        confirming: {
          tags: ['open'],
          description: 'The confirmation says what the change means before anything is sent.',
          initial: 'asking',
          states: {
            asking: {},
            refused: { description: 'The API refused the change: its message shows in the confirmation until it is sent again or closed.' },
          },
          on: {
            CONFIRM: { target: 'choosing', actions: assign({ refusal: null }) },
            CANCEL: { target: 'idle', actions: assign({ target: null, refusal: null }) },
          },
        },
        choosing: {
          tags: ['open', 'busy'],
          description: 'The choice is on its way; the confirmation cannot be closed until it is answered.',
          invoke: {
            id: 'choose',
            src: 'choose',
            input: ({ context }) => ({ plan_name: context.target! }),
            onDone: {
              target: 'idle',
              description: 'The plan applies at once: it becomes the current one here, and the session reads the organisation again for the menu.',
              actions: [
                assign({
                  answer: ({ context, event }) => (context.answer ? { ...context.answer, current: event.output.plan_name ?? context.target } : context.answer),
                  invoice: ({ event }) => event.output.invoice ?? null,
                  target: null,
                }),
                { type: 'notify', params: ({ event }) => ({ answer: event.output }) },
                'refreshSession',
              ],
            },
            onError: { target: 'confirming.refused', actions: assign({ refusal: ({ event }) => toApiFailure(event.error) }) },
          },
        },
      },
    },
  },
});
