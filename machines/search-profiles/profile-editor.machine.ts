/**
 * The search profile dialog: create a profile or edit one (title, databases, sources, countries,
 * publisher search), checked before sending with the API's own schema (CreateSearchProfileBody) and
 * source rule (common/search-profiles.ts), then saved. Each opening reads the sources a profile can
 * choose (the loaded public lists and the organisation's custom lists), so the choice is never stale.
 * Unticking a database takes out the chosen public lists that feed none of those left. A save emits
 * { type: 'saved', answer, created } for the screen to reload its list and show the message.
 * The calls are supplied with .provide({ actors: { loadSources, save } }).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { DATABASES, type Database } from '../../common/enums';
import { CreateSearchProfileBody } from '../../common/schemas/search-profiles';
import { schemaProblems } from '../../common/schemas/field-problems';
import { sourceProblem, sourcesWithin, type SearchProfileView, type SourceOption } from '../../common/search-profiles';
import { failureField, toApiFailure } from '../shared/api-failure';
import type { ProfileEditorContext, ProfileEditorEmitted, ProfileEditorEvent, ProfileProblems, ProfileValues, SaveProfileInput } from './profile-editor.types';
import { editedField } from '../forms/edited-field';
export type { ProfileEditorContext, ProfileEditorEmitted, ProfileEditorEvent, ProfileProblems, ProfileValues, SaveProfileInput, SourceMode } from './profile-editor.types';

/** A new profile searches the databases the engine screens, every source, with no default countries. */
export const NEW_PROFILE: ProfileValues = {
  title: '',
  databases: ['sanctions', 'pep', 'warnings_and_regulatory_enforcement'],
  source_mode: 'all',
  sources: [],
  countries: [],
  publisher_search: false,
};

/** The request body of the values: no sources means every source. */
export function profileBody(values: ProfileValues): SaveProfileInput['body'] {
  return {
    title: values.title,
    databases: values.databases,
    sources: values.source_mode === 'all' ? [] : values.sources,
    countries: values.countries,
    publisher_search: values.publisher_search,
  };
}

/** Every problem of the values, by field, as the API would answer them (and one the form adds: "only these" with none ticked). */
export function profileProblems(values: ProfileValues, catalogue: readonly SourceOption[]): ProfileProblems {
  const problems: ProfileProblems = {};
  for (const [field, code] of Object.entries(schemaProblems(CreateSearchProfileBody, profileBody(values)))) {
    if (code) problems[field as keyof ProfileValues] = { code };
  }
  if (values.source_mode === 'chosen') {
    if (!values.sources.length) problems.sources ??= { code: 'profile_sources_required' };
    const wrong = sourceProblem(values.databases, values.sources, catalogue);
    if (wrong) problems.sources ??= { code: wrong.code, values: { source: wrong.source } };
  }
  return problems;
}

/** The values of a profile opened for editing, with the sources that can still be chosen, and those that cannot. */
function openedValues(profile: SearchProfileView, catalogue: readonly SourceOption[]) {
  const kept = sourcesWithin(profile.databases, profile.sources, catalogue);
  return {
    values: {
      title: profile.title,
      databases: DATABASES.filter((d) => profile.databases.includes(d)),
      source_mode: profile.sources.length ? 'chosen' : 'all',
      sources: kept,
      countries: [...profile.countries],
      publisher_search: profile.publisher_search,
    } satisfies ProfileValues,
    dropped: profile.source_details.filter((s) => !kept.includes(s.id)),
  };
}

const toggled = <T>(list: readonly T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);
const fresh = { problems: {}, error: null, loadError: null };

export const profileEditorMachine = setup({
  types: {
    context: {} as ProfileEditorContext,
    events: {} as ProfileEditorEvent,
    emitted: {} as ProfileEditorEmitted,
  },
  actors: {
    loadSources: fromPromise<SourceOption[]>(async () => {
      throw new Error('loadSources is provided by the screen');
    }),
    save: fromPromise<unknown, SaveProfileInput>(async () => {
      throw new Error('save is provided by the screen');
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(profileProblems(context.values, context.catalogue)).length === 0,
  },
}).createMachine({
  id: 'profileEditor',
  context: { profile: null, values: NEW_PROFILE, catalogue: [], dropped: [], ...fresh },
  initial: 'closed',
  states: {
    closed: {
      description: 'No dialog: the screen shows the list.',
      on: {
        CREATE: { target: 'loading', actions: assign({ profile: null, values: NEW_PROFILE, dropped: [], ...fresh }) },
        OPEN: { target: 'loading', actions: assign(({ event }) => ({ profile: event.profile, dropped: [], ...fresh })) },
      },
    },
    loading: {
      description: 'The sources are read at each opening; an opened profile fills the form once they are known.',
      tags: ['open', 'loading'],
      invoke: {
        id: 'loadSources',
        src: 'loadSources',
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            catalogue: event.output,
            ...(context.profile ? openedValues(context.profile, event.output) : { values: NEW_PROFILE, dropped: [] }),
          })),
        },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => toApiFailure(event.error) }) },
      },
    },
    loadFailed: {
      description: 'The sources could not be read (lists still loading, offline): the dialog says why and offers to try again.',
      tags: ['open', 'failed'],
      on: { RETRY: { target: 'loading', actions: assign({ loadError: null }) }, CLOSE: 'closed' },
    },
    editing: {
      description: 'The user fills the form; every change is kept here and checked on SUBMIT.',
      tags: ['open', 'editable'],
      initial: 'ready',
      states: {
        ready: {},
        refused: { description: 'The API refused the last save: its message shows, under its field when it names one, until the next.' },
      },
      on: {
        EDIT: {
          description: 'A changed field loses its own problem, the browser’s or the server’s.',
          actions: assign(({ context, event }) => editedField(context, event)),
        },
        TOGGLE_DATABASE: {
          description: 'Public lists that feed none of the databases left are taken out of the chosen sources.',
          actions: assign(({ context, event }) => {
            const databases = DATABASES.filter((d) => toggled<Database>(context.values.databases, event.database).includes(d));
            return {
              values: { ...context.values, databases, sources: sourcesWithin(databases, context.values.sources, context.catalogue) },
              problems: { ...context.problems, databases: undefined, sources: undefined },
              error: context.error?.field === 'databases' || context.error?.field === 'sources' ? null : context.error,
            };
          }),
        },
        TOGGLE_SOURCE: {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, source_mode: 'chosen' as const, sources: toggled(context.values.sources, event.id) },
            problems: { ...context.problems, sources: undefined },
            error: context.error?.field === 'sources' ? null : context.error,
          })),
        },
        SUBMIT: [
          { guard: 'valid', target: 'saving', actions: assign({ problems: {}, error: null }) },
          {
            description: 'Problems the browser can see are shown on their fields without a round trip: the API would refuse the same values with the same messages.',
            actions: assign({ problems: ({ context }) => profileProblems(context.values, context.catalogue) }),
          },
        ],
        CLOSE: 'closed',
      },
    },
    saving: {
      description: 'The request is on its way; the dialog cannot be closed until it is answered.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }): SaveProfileInput => ({ id: context.profile?._id ?? null, body: profileBody(context.values) }),
        onDone: {
          target: 'closed',
          description: 'The screen reloads its list and shows the message.',
          actions: emit(({ context, event }) => ({ type: 'saved' as const, answer: event.output, created: context.profile === null })),
        },
        onError: {
          target: 'editing.refused',
          description: 'Back to the form as the user left it, with the message, under its field when the answer names one.',
          actions: assign({
            error: ({ event }) => ({
              ...toApiFailure(event.error),
              field: failureField(event.error),
              values: ((event.error as { data?: { values?: Record<string, string | number> } } | null)?.data?.values as Record<string, string | number> | undefined) ?? null,
            }),
          }),
        },
      },
    },
  },
});
