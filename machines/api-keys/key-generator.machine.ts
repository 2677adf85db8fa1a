/**
 * The "Generate API key" dialog: a name, a validity in days (90 unless changed) and the user's password
 * (section 5: generating a key is a sensitive action), checked before sending with the API's own schema
 * (CreateApiKeyBody, built on the section-5 rules), then sent. The answer carries the whole key this
 * one time: the dialog shows it until the user dismisses it, and it is dropped from the context then, so
 * nothing keeps it afterwards. A success emits { type: 'generated', answer } for the screen to reload its
 * list and show the message. The call is supplied with .provide({ actors: { generate } }).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { CreateApiKeyBody } from '../../common/schemas/api-keys';
import { schemaProblems } from '../../common/schemas/field-problems';
import { failureField, toApiFailure } from '../shared/api-failure';
import type { GenerateAnswer, GenerateKeyInput, KeyGeneratorContext, KeyGeneratorEmitted, KeyGeneratorEvent, KeyProblems, KeyValues } from './key-generator.types';
import { editedField } from '../forms/edited-field';
export type { GenerateAnswer, GenerateKeyInput, KeyField, KeyGeneratorContext, KeyGeneratorEmitted, KeyGeneratorEvent, KeyProblems, KeyValues } from './key-generator.types';

/** A key lives 90 days unless the user says otherwise: long enough for a quarter's integration work, short enough to be rotated. */
export const DEFAULT_VALIDITY_DAYS = 90;

export const NEW_KEY: KeyValues = { name: '', validity_days: String(DEFAULT_VALIDITY_DAYS), password: '' };

/** Every problem of the values, by field, as the API would answer them. */
export function keyProblems(values: KeyValues): KeyProblems {
  const problems: KeyProblems = {};
  for (const [field, code] of Object.entries(schemaProblems(CreateApiKeyBody, values))) {
    if (code && field in NEW_KEY) problems[field as keyof KeyValues] = code;
  }
  return problems;
}

/** The request body: the name as typed (the API trims it), the validity as a number. */
export const keyBody = (values: KeyValues): GenerateKeyInput => ({ name: values.name.trim(), validity_days: Number(values.validity_days.trim()), password: values.password });

const fresh = { problems: {}, error: null };

export const keyGeneratorMachine = setup({
  types: {
    context: {} as KeyGeneratorContext,
    events: {} as KeyGeneratorEvent,
    emitted: {} as KeyGeneratorEmitted,
  },
  actors: {
    generate: fromPromise<GenerateAnswer, GenerateKeyInput>(async () => {
      throw new Error('generate is provided by the screen');
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(keyProblems(context.values)).length === 0,
  },
}).createMachine({
  id: 'keyGenerator',
  context: { values: NEW_KEY, created: null, ...fresh },
  initial: 'closed',
  states: {
    closed: {
      description: 'No dialog: the screen shows the list.',
      on: { OPEN: { target: 'editing', actions: assign({ values: NEW_KEY, created: null, ...fresh }) } },
    },
    editing: {
      tags: ['open', 'editable'],
      initial: 'ready',
      states: {
        ready: {},
        refused: { description: 'The API refused the last request (a wrong password, most often): its message shows, under its field when it names one, until the next.' },
      },
      on: {
        EDIT: {
          description: 'A changed field loses its own problem, the browser’s or the server’s.',
          actions: assign(({ context, event }) => editedField(context, event)),
        },
        SUBMIT: [
          { guard: 'valid', target: 'generating', actions: assign(fresh) },
          {
            description: 'Problems the browser can see are shown on their fields without a round trip: the API would refuse the same values with the same messages.',
            actions: assign({ problems: ({ context }) => keyProblems(context.values) }),
          },
        ],
        CLOSE: 'closed',
      },
    },
    generating: {
      description: 'The request is on its way; the dialog cannot be closed until it is answered, or the key would be lost.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'generate',
        src: 'generate',
        input: ({ context }) => keyBody(context.values),
        onDone: {
          target: 'revealed',
          description: 'The key is shown once; the password typed is forgotten at once.',
          actions: [
            assign({ created: ({ event }) => ({ api_key: event.output.api_key, key: event.output.key }), values: ({ context }) => ({ ...context.values, password: '' }) }),
            emit(({ event }) => ({ type: 'generated' as const, answer: event.output })),
          ],
        },
        onError: {
          target: 'editing.refused',
          description: 'Back to the form as the user left it, with the message under the field it names (the password, when it is wrong).',
          actions: assign({ error: ({ event }) => ({ ...toApiFailure(event.error), field: failureField(event.error) }) }),
        },
      },
    },
    revealed: {
      description: 'The whole key, until the user closes the dialog: it is never shown again, so it is dropped then.',
      tags: ['open', 'revealed'],
      on: { DISMISS: { target: 'closed', actions: assign({ created: null, values: NEW_KEY }) } },
    },
  },
});
