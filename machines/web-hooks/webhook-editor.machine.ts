/**
 * The "Register a web hook" dialog: a name, the endpoint's address and the type (section 5: name 2 to 50
 * characters, not only spaces, valid format; endpoint a valid URL; type required), checked before sending
 * with the API's own rules, then sent. Whether the address may be called at all (not a private or
 * loopback address, after DNS) only the server can tell: its refusal shows under the endpoint. A save
 * emits { type: 'created', answer } for the screen to reload its list and show the message.
 * The call is supplied with .provide({ actors: { create } }).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { WebhookType } from '../../common/webhooks';
import { schemaProblems } from '../../common/schemas/field-problems';
import { CreateWebhookBody } from '../../common/schemas/webhooks';
import { failureField, toApiFailure } from '../shared/api-failure';
import type { CreateWebhookAnswer, CreateWebhookInput, WebhookEditorContext, WebhookEditorEmitted, WebhookEditorEvent, WebhookProblems, WebhookValues } from './webhook-editor.types';
import { editedField } from '../forms/edited-field';
export type { CreateWebhookAnswer, CreateWebhookInput, WebhookEditorContext, WebhookEditorEmitted, WebhookEditorEvent, WebhookField, WebhookProblems, WebhookValues } from './webhook-editor.types';

export const NEW_WEBHOOK: WebhookValues = { name: '', endpoint: '', type: '' };

/** Every problem of the values, by field, as the API would answer them (its own schema, CreateWebhookBody). */
export function webhookProblems(values: WebhookValues): WebhookProblems {
  const problems: WebhookProblems = {};
  for (const [field, code] of Object.entries(schemaProblems(CreateWebhookBody, values))) {
    if (code && field in NEW_WEBHOOK) problems[field as keyof WebhookValues] = code;
  }
  return problems;
}

export const webhookBody = (values: WebhookValues): CreateWebhookInput => ({ name: values.name.trim(), endpoint: values.endpoint.trim(), type: values.type as WebhookType });

const fresh = { problems: {}, error: null };

export const webhookEditorMachine = setup({
  types: {
    context: {} as WebhookEditorContext,
    events: {} as WebhookEditorEvent,
    emitted: {} as WebhookEditorEmitted,
  },
  actors: {
    create: fromPromise<CreateWebhookAnswer, CreateWebhookInput>(async () => {
      throw new Error('create is provided by the screen');
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(webhookProblems(context.values)).length === 0,
  },
}).createMachine({
  id: 'webhookEditor',
  context: { values: NEW_WEBHOOK, ...fresh },
  initial: 'closed',
  states: {
    closed: {
      description: 'No dialog: the screen shows the list.',
      on: { OPEN: { target: 'editing', actions: assign({ values: NEW_WEBHOOK, ...fresh }) } },
    },
    editing: {
      tags: ['open', 'editable'],
      initial: 'ready',
      states: {
        ready: {},
        refused: { description: 'The API refused the last save (an address it may not call, a name taken): its message shows, under its field when it names one, until the next.' },
      },
      on: {
        EDIT: {
          description: 'A changed field loses its own problem, the browser’s or the server’s.',
          actions: assign(({ context, event }) => editedField(context, event)),
        },
        SUBMIT: [
          { guard: 'valid', target: 'saving', actions: assign(fresh) },
          {
            description: 'Problems the browser can see are shown on their fields without a round trip: the API would refuse the same values with the same messages.',
            actions: assign({ problems: ({ context }) => webhookProblems(context.values) }),
          },
        ],
        CLOSE: 'closed',
      },
    },
    saving: {
      description: 'The request is on its way; the dialog cannot be closed until it is answered.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => webhookBody(context.values),
        onDone: {
          target: 'closed',
          description: 'The screen reloads its list and shows the message.',
          actions: emit(({ event }) => ({ type: 'created' as const, answer: event.output })),
        },
        onError: {
          target: 'editing.refused',
          description: 'Back to the form as the user left it, with the message under the field it names.',
          actions: assign({ error: ({ event }) => ({ ...toApiFailure(event.error), field: failureField(event.error) }) }),
        },
      },
    },
  },
});
