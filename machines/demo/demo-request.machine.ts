/**
 * The demo's "Request full account" dialog, open from every demo screen and from the allowance's
 * used-up dialog: name, company, e-mail, and an optional phone and message, checked before sending with
 * the API's own schema (DemoRequestBody), then sent. A success shows the API's confirmation in the dialog
 * until the visitor closes it; the next opening starts a fresh form. The call is supplied with
 * .provide({ actors: { send } }).
 */
import { assign, fromPromise, setup } from 'xstate';
import { DemoRequestBody } from '../../common/schemas/demo';
import { schemaProblems } from '../../common/schemas/field-problems';
import { editedField } from '../forms/edited-field';
import { failureField, toApiFailure } from '../shared/api-failure';
import type { DemoRequestContext, DemoRequestEvent, RequestAnswer, RequestInput, RequestProblems, RequestValues } from './demo-request.types';
export type { DemoRequestContext, DemoRequestEvent, RequestAnswer, RequestField, RequestInput, RequestProblems, RequestValues } from './demo-request.types';

export const EMPTY_REQUEST: RequestValues = { name: '', company: '', email: '', phone: '', message: '' };

/** The request body: text as typed (the API trims it), the optional fields left out when blank. */
export function requestBody(values: RequestValues): RequestInput {
  return {
    name: values.name,
    company: values.company,
    email: values.email,
    ...(values.phone.trim() ? { phone: values.phone } : {}),
    ...(values.message.trim() ? { message: values.message } : {}),
  };
}

/** Every problem of the values, by field, as the API would answer them. */
export function requestProblems(values: RequestValues): RequestProblems {
  const problems: RequestProblems = {};
  for (const [field, code] of Object.entries(schemaProblems(DemoRequestBody, requestBody(values)))) {
    if (code && field in EMPTY_REQUEST) problems[field as keyof RequestValues] = code;
  }
  return problems;
}

const fresh = { problems: {}, error: null };

export const demoRequestMachine = setup({
  types: {
    context: {} as DemoRequestContext,
    events: {} as DemoRequestEvent,
  },
  actors: {
    send: fromPromise<RequestAnswer, RequestInput>(async () => {
      throw new Error('send is provided by the screen');
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(requestProblems(context.values)).length === 0,
  },
}).createMachine({
  id: 'demoRequest',
  context: { values: EMPTY_REQUEST, confirmation: null, ...fresh },
  initial: 'closed',
  states: {
    closed: {
      description: 'No dialog: the demo screen as it was.',
      on: {
        OPEN: {
          target: 'editing',
          description: 'Opens on what was typed before, unless it was sent: a visitor who closed the dialog half-way finds it as they left it.',
          actions: assign(({ context }) => ({ values: context.confirmation ? EMPTY_REQUEST : context.values, confirmation: null, ...fresh })),
        },
      },
    },
    editing: {
      tags: ['open', 'editable'],
      initial: 'ready',
      states: {
        ready: {},
        refused: { description: 'The API refused the last request (a rule, or too many requests in an hour): its message shows, under its field when it names one, until the next.' },
      },
      on: {
        EDIT: {
          description: 'A changed field loses its own problem, the browser’s or the server’s.',
          actions: assign(({ context, event }) => editedField(context, event)),
        },
        SUBMIT: [
          { guard: 'valid', target: 'sending', actions: assign(fresh) },
          {
            description: 'Problems the browser can see are shown on their fields without a round trip: the API would refuse the same values with the same messages.',
            actions: assign({ problems: ({ context }) => requestProblems(context.values) }),
          },
        ],
        CLOSE: 'closed',
      },
    },
    sending: {
      description: 'The request is on its way; the dialog stays open until it is answered, so the visitor learns whether it went.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => requestBody(context.values),
        onDone: {
          target: 'sent',
          actions: assign({ confirmation: ({ event }) => event.output }),
        },
        onError: {
          target: 'editing.refused',
          description: 'Back to the form as the visitor left it, with the message under the field it names.',
          actions: assign({ error: ({ event }) => ({ ...toApiFailure(event.error), field: failureField(event.error) }) }),
        },
      },
    },
    sent: {
      description: 'The confirmation, until the visitor closes the dialog.',
      tags: ['open', 'succeeded'],
      on: { CLOSE: 'closed' },
    },
  },
});
