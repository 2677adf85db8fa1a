/**
 * A form: its field values, the problems found in the browser (with the API's
 * own schema and rules from common/), the problems the API placed on fields,
 * and the submission. It is the one way forms are built: simple forms whose
 * fields live in the view send them with SUBMIT (forgot password, settings);
 * larger ones keep every field here and send EDIT (Create New Case).
 *
 * Effects are actions the view supplies with .provide(): notify (a snack bar)
 * and navigate run once per success, followUp when the user takes the way on
 * that a halting refusal offers. The request is the provided submit actor;
 * which refusals halt the form (rather than return to it) is the provided halts
 * guard. The machine itself calls nothing.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MessageId } from '../../common/messages';
import { MESSAGES } from '../../common/messages';
import { schemaProblems } from '../../common/schemas/field-problems';
import { failureField, failureFields } from '../shared/api-failure';
import type { FieldErrors, FormContext, FormEvent, FormInput, FormRules, FormTag, FormValues, SuccessParams } from './form.types';

const noProblems = (errors: FieldErrors) => !Object.values(errors).some(Boolean);
const cleared = { error: null, errorCode: null, errorField: null, serverErrors: {} };

/**
 * A form statechart with its default values and its rules. Each form of the
 * product is one call, so each has its own id (and diagram).
 */
export function defineForm<V extends FormValues>(id: string, defaults: V, rules: FormRules<V> = {}) {
  type Context = FormContext<FormValues>;
  type Event = FormEvent<FormValues>;
  const problems = (values: V): FieldErrors => ({
    ...(rules.check?.(values) ?? {}),
    // The schema speaks first on a field both check: it is what the API answers.
    ...(rules.schema ? schemaProblems(rules.schema, rules.body ? rules.body(values) : values) : {}),
  });
  const submitted = (context: Context, event: Event): V => (event.type === 'SUBMIT' && event.values ? { ...context.values, ...event.values } : context.values) as V;

  return setup({
    types: {
      context: {} as Context,
      events: {} as Event,
      tags: {} as FormTag,
    },
    actors: {
      submit: fromPromise<unknown, FormValues>(async () => {
        throw new Error('submit is provided by the view');
      }),
    },
    actions: {
      /** Supplied by the view: the snack bar of a success. */
      notify: (_, _params: SuccessParams) => {},
      /** Supplied by the view: where a success leads. */
      navigate: (_, _params: SuccessParams) => {},
      /** Supplied by the view: the way on that a halting refusal offers (contact sales). */
      followUp: () => {},
      restart: assign({ values: () => ({ ...defaults }) as FormValues, fieldErrors: {}, result: null, ...cleared }),
    },
    guards: {
      refusedAtOnce: ({ context, event }) => event.type === 'EDIT' && event.check === true && Boolean(problems({ ...context.values, [event.field]: event.value } as V)[event.field]),
      valid: ({ context, event }) => noProblems(problems(submitted(context, event))),
      /** Supplied by a form whose API has a refusal the form cannot fix (credits used up); none by default. */
      halts: (_args) => false,
    },
  }).createMachine({
    id,
    // The input is optional (FormInput): simple forms start from their defaults.
    context: ({ input }) => ({ values: { ...defaults, ...((input as FormInput<FormValues> | undefined)?.values ?? {}) }, fieldErrors: {}, result: null, ...cleared }),
    initial: 'editing',
    states: {
      editing: {
        description: 'The user fills the form; the fields can be changed and sent.',
        tags: ['editable'],
        initial: 'ready',
        states: {
          ready: { description: 'Nothing refused yet (or reset).' },
          failed: { tags: ['failed'], description: 'The last submission was refused: its message shows (on its field when it names one) until the next.' },
        },
        on: {
          EDIT: [
            {
              guard: 'refusedAtOnce',
              description: 'A value checked as it is chosen (a file) that fails is not kept: the field goes back to its default and says why.',
              actions: assign(({ context, event }) => ({
                values: { ...context.values, [event.field]: defaults[event.field] },
                fieldErrors: { ...context.fieldErrors, [event.field]: problems({ ...context.values, [event.field]: event.value } as V)[event.field] },
              })),
            },
            {
              description: 'A changed field loses its own problem, the browser’s or the server’s; the others stay until the next submission.',
              actions: assign(({ context, event }) => ({
                values: { ...context.values, [event.field]: event.value },
                fieldErrors: { ...context.fieldErrors, [event.field]: undefined },
                serverErrors: { ...context.serverErrors, [event.field]: undefined },
              })),
            },
          ],
          SUBMIT: [
            { guard: 'valid', target: 'submitting', actions: assign(({ context, event }) => ({ values: submitted(context, event), fieldErrors: {}, ...cleared })) },
            {
              description: 'Problems the browser can see are shown on their fields without a round trip: the API would refuse the same values with the same messages.',
              actions: assign(({ context, event }) => {
                const values = submitted(context, event);
                return { values, fieldErrors: problems(values) };
              }),
            },
          ],
          RESET: { target: '.ready', actions: 'restart' },
        },
      },
      submitting: {
        description: 'The request is on its way; a second submit is not a second request.',
        tags: ['busy'],
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => context.values,
          onDone: {
            target: 'succeeded',
            description: 'The snack bar and the next page come from the view’s provided actions, once per success.',
            actions: [
              assign({ result: ({ event }) => event.output }),
              { type: 'notify', params: ({ event }) => ({ result: event.output }) },
              { type: 'navigate', params: ({ event }) => ({ result: event.output }) },
            ],
          },
          onError: [
            { guard: 'halts', target: 'halted', description: 'A refusal no edit can fix (no credits left) is shown in a dialog instead of beside the form.' },
            {
              target: 'editing.failed',
              description: 'Back to the form as the user left it, with the message, and on its field when the answer names one.',
              actions: assign(({ event }) => {
                const field = failureField(event.error);
                const fields = failureFields(event.error);
                const known = fields.errorCode !== null && fields.errorCode in MESSAGES;
                return { ...fields, errorField: field, serverErrors: field && known ? { [field]: fields.errorCode as MessageId } : {} };
              }),
            },
          ],
        },
      },
      halted: {
        description: 'A refusal no edit can fix is shown in a dialog until the user closes it or takes the way on it offers.',
        tags: ['halted'],
        on: {
          DISMISS: 'editing',
          FOLLOW_UP: { target: 'editing', actions: 'followUp' },
        },
      },
      succeeded: {
        description: 'Sent; the view’s notify and navigate have run. RESET starts a fresh form.',
        tags: ['succeeded'],
        on: { RESET: { target: 'editing', actions: 'restart' } },
      },
    },
  });
}

/** A form whose fields live in the view and come with SUBMIT: no rules of its own beyond the view's. */
export const formMachine = defineForm<FormValues>('form', {});
