/**
 * One ongoing-monitoring switch (AML or adverse media, of a case or of one
 * entity). Switching asks for confirmation first (monitoring spends credits
 * every 15 minutes); the change is saved through the `save` actor and the
 * switch only moves once the server agreed, so it never shows a state the
 * server does not hold.
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureFields } from '../shared/api-failure';
import type { MonitoringContext, MonitoringEvent, MonitoringInput } from './monitoring.types';
export type { MonitoringContext, MonitoringEvent, MonitoringInput } from './monitoring.types';

export const monitoringMachine = setup({
  types: {
    context: {} as MonitoringContext,
    events: {} as MonitoringEvent,
    input: {} as MonitoringInput,
    tags: {} as 'confirming' | 'busy',
  },
  actors: {
    save: fromPromise<unknown, { enabled: boolean }>(async () => {
      throw new Error('save is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the screen reloads its case (history, updated time) once the server holds the new value. */
    onSaved: () => {},
    /** Supplied by the view: the refusal's snack bar. */
    notifyFailure: (_, _params: { message: string; code: string | null }) => {},
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
        check: { description: 'The switch shows what the server holds.', always: [{ guard: 'isOn', target: 'on' }, { target: 'off' }] },
        on: { on: { TOGGLE: '#monitoringToggle.confirmingOff' } },
        off: { on: { TOGGLE: '#monitoringToggle.confirmingOn' } },
      },
      on: { SYNC: { target: '.check', actions: assign({ enabled: ({ event }) => event.enabled }) } },
    },
    confirmingOn: {
      tags: ['confirming'],
      description: 'Monitoring spends credits every 15 minutes: switching it on is confirmed first.',
      on: { CONFIRM: { target: 'saving' }, CANCEL: 'settled' },
    },
    confirmingOff: {
      tags: ['confirming'],
      on: { CONFIRM: { target: 'saving' }, CANCEL: 'settled' },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ enabled: !context.enabled }),
        onDone: { target: 'settled', actions: [assign({ enabled: ({ context }) => !context.enabled, error: null, errorCode: null }), 'onSaved'] },
        onError: {
          target: 'settled',
          description: 'The switch stays where the server has it, with the message.',
          actions: [
            assign(({ event }) => failureFields(event.error)),
            { type: 'notifyFailure', params: ({ event }) => ({ message: failureFields(event.error).error, code: failureFields(event.error).errorCode }) },
          ],
        },
      },
    },
  },
});
