/**
 * One ongoing-monitoring switch (AML or adverse media, of a case or of one
 * entity). Switching asks for confirmation first (monitoring spends credits
 * every 15 minutes); the change is saved through the `save` actor and the
 * switch only moves once the server agreed, so it never shows a state the
 * server does not hold.
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureFields } from '../shared/api-failure';

export interface MonitoringContext {
  enabled: boolean;
  error: string | null;
  errorCode: string | null;
}

export type MonitoringEvent =
  | { type: 'TOGGLE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** The server's value changed (a refresh after someone else switched it). */
  | { type: 'SYNC'; enabled: boolean };

export const monitoringMachine = setup({
  types: {
    context: {} as MonitoringContext,
    events: {} as MonitoringEvent,
    input: {} as { enabled: boolean },
  },
  actors: {
    save: fromPromise<unknown, { enabled: boolean }>(async () => {
      throw new Error('save is provided by the view');
    }),
  },
  guards: {
    isOn: ({ context }) => context.enabled,
  },
}).createMachine({
  id: 'monitoringToggle',
  context: ({ input }) => ({ enabled: input.enabled, error: null, errorCode: null }),
  initial: 'settled',
  states: {
    settled: {
      initial: 'check',
      states: {
        check: { always: [{ guard: 'isOn', target: 'on' }, { target: 'off' }] },
        on: { on: { TOGGLE: '#monitoringToggle.confirmingOff' } },
        off: { on: { TOGGLE: '#monitoringToggle.confirmingOn' } },
      },
      on: { SYNC: { target: '.check', actions: assign({ enabled: ({ event }) => event.enabled }) } },
    },
    confirmingOn: {
      on: { CONFIRM: { target: 'saving' }, CANCEL: 'settled' },
    },
    confirmingOff: {
      on: { CONFIRM: { target: 'saving' }, CANCEL: 'settled' },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ enabled: !context.enabled }),
        onDone: { target: 'settled', actions: assign({ enabled: ({ context }) => !context.enabled, error: null, errorCode: null }) },
        onError: {
          target: 'settled',
          actions: assign(({ event }) => failureFields(event.error)),
        },
      },
    },
  },
});
