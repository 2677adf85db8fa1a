/**
 * The "Add custom source" / "Edit custom source" dialog: publisher name, the feed's link, a description and
 * how often it is read (15 to 480 minutes), checked with the API's own rules (common/validation.ts:
 * validatePublisherName, validateSourceLink, validateSourceDescription, validateFrequency, with the same
 * messages) before anything is sent. Whether the link may be read at all (not a private address, a feed
 * the server can parse) only the server can tell; its refusal shows under the field it names.
 * A save runs the provided `saved` action (the screen's snack bar and reload). The call is the provided
 * `save` actor.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CustomSourceView } from '../../common/custom-sources';
import { validateFrequency, validatePublisherName, validateSourceDescription, validateSourceLink } from '../../common/validation';
import { editedField } from '../forms/edited-field';
import { failureField, toApiFailure } from '../shared/api-failure';
import type { SaveSourceAnswer, SaveSourceInput, SourceEditorContext, SourceEditorEvent, SourceProblems, SourceValues } from './source-editor.types';
export type { SaveSourceAnswer, SaveSourceInput, SourceEditorContext, SourceEditorEvent, SourceField, SourceProblems, SourceValues } from './source-editor.types';

/** A new source is read every hour unless the administrator chooses otherwise. */
export const NEW_SOURCE: SourceValues = { publisher_name: '', url: '', description: '', frequency_minutes: '60' };

const valuesOf = (source: CustomSourceView): SourceValues => ({
  publisher_name: source.publisher_name,
  url: source.url,
  description: source.description,
  frequency_minutes: String(source.frequency_minutes),
});

/** Every problem of the values, by field, as the API would answer them. */
export function sourceProblems(values: SourceValues): SourceProblems {
  const problems: SourceProblems = {};
  const checks = {
    publisher_name: validatePublisherName(values.publisher_name),
    url: validateSourceLink(values.url),
    description: validateSourceDescription(values.description),
    frequency_minutes: validateFrequency(values.frequency_minutes),
  };
  for (const [field, problem] of Object.entries(checks)) if (problem) problems[field as keyof SourceValues] = problem;
  return problems;
}

export const sourceBody = (context: Pick<SourceEditorContext, 'editing' | 'values'>): SaveSourceInput => ({
  id: context.editing?.id ?? null,
  publisher_name: context.values.publisher_name.trim(),
  url: context.values.url.trim(),
  description: context.values.description.trim(),
  frequency_minutes: Number(context.values.frequency_minutes.trim()),
});

const fresh = { problems: {}, error: null };

export const sourceEditorMachine = setup({
  types: {
    context: {} as SourceEditorContext,
    events: {} as SourceEditorEvent,
  },
  actors: {
    save: fromPromise<SaveSourceAnswer, SaveSourceInput>(async () => {
      throw new Error('save is provided by the screen');
    }),
  },
  actions: {
    /** Supplied by the screen: the snack bar and the list reloaded. */
    saved: (_, _params: { answer: SaveSourceAnswer; created: boolean }) => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(sourceProblems(context.values)).length === 0,
  },
}).createMachine({
  id: 'sourceEditor',
  context: { editing: null, values: NEW_SOURCE, ...fresh },
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: {
          target: 'editing',
          description: 'Opens empty to add a source, or with a source’s values to edit it.',
          actions: assign(({ event }) => ({ editing: event.source ?? null, values: event.source ? valuesOf(event.source) : NEW_SOURCE, ...fresh })),
        },
      },
    },
    editing: {
      tags: ['open', 'editable'],
      initial: 'ready',
      states: {
        ready: {},
        refused: { description: 'The API refused the last save (a feed already added, an address it may not read): its message shows, under its field when it names one.' },
      },
      on: {
        EDIT: { description: 'A changed field loses its own problem, the browser’s or the server’s.', actions: assign(({ context, event }) => editedField(context, event)) },
        SUBMIT: [
          { guard: 'valid', target: 'saving', actions: assign(fresh) },
          {
            description: 'Problems the browser can see are shown on their fields without a round trip, in the API’s own words.',
            actions: assign({ problems: ({ context }) => sourceProblems(context.values) }),
          },
        ],
        CLOSE: 'closed',
      },
    },
    saving: {
      description: 'The request is on its way; the dialog stays until it is answered.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => sourceBody(context),
        onDone: { target: 'closed', actions: { type: 'saved', params: ({ context, event }) => ({ answer: event.output, created: context.editing === null }) } },
        onError: {
          target: 'editing.refused',
          actions: assign({ error: ({ event }) => ({ ...toApiFailure(event.error), field: failureField(event.error) }) }),
        },
      },
    },
  },
});
