/**
 * The web hooks screen's one-click actions: send a test event to an endpoint, enable or disable it, and
 * replay a delivery. None has a form, and each answers with a message for a snack bar (section 8:
 * snack bars last 3000 ms). One runs at a time: a second click while one is on its way is ignored, so a
 * double click cannot send two test events or replay an event twice. Each outcome is emitted
 * ({ type: 'done' | 'failed', action, ... }) for the screen to show and to reload what changed.
 * The call is supplied with .provide({ actors: { run } }).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { toApiFailure } from '../shared/api-failure';
import type { ActionAnswer, WebhookAction, WebhookActionsContext, WebhookActionsEmitted, WebhookActionsEvent } from './webhook-actions.types';
export type { ActionAnswer, WebhookAction, WebhookActionKind, WebhookActionsContext, WebhookActionsEmitted, WebhookActionsEvent } from './webhook-actions.types';

export const webhookActionsMachine = setup({
  types: {
    context: {} as WebhookActionsContext,
    events: {} as WebhookActionsEvent,
    emitted: {} as WebhookActionsEmitted,
  },
  actors: {
    run: fromPromise<ActionAnswer, WebhookAction>(async () => {
      throw new Error('run is provided by the screen');
    }),
  },
}).createMachine({
  id: 'webhookActions',
  context: { running: null },
  initial: 'idle',
  states: {
    idle: {
      on: { RUN: { target: 'running', actions: assign({ running: ({ event }) => event.action }) } },
    },
    running: {
      description: 'One action at a time: RUN is not listened to here, so a second click does nothing.',
      tags: ['busy'],
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => context.running!,
        onDone: {
          target: 'idle',
          actions: [emit(({ context, event }) => ({ type: 'done' as const, action: context.running!, answer: event.output })), assign({ running: null })],
        },
        onError: {
          target: 'idle',
          description: 'The failure is told to the screen, which shows it in a snack bar; nothing is left half done to retry.',
          actions: [emit(({ context, event }) => ({ type: 'failed' as const, action: context.running!, error: { ...toApiFailure(event.error), values: (event.error as { data?: { values?: Record<string, string | number> } } | null)?.data?.values ?? null } })), assign({ running: null })],
        },
      },
    },
  },
});
