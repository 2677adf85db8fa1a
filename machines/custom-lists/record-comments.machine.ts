/**
 * The comments of a custom list record (section 3 "Comment"; docs/custom-lists.md): they load, a new
 * one is typed and added, one's own is edited in place (the API marks it edited). The comment rule of
 * section 5 (2 to 1,000 characters, none of ( ) [ ] { } < >) is checked before anything is sent.
 * Without post_comment_on_listing_entry, or on a deleted record, the form is disabled (the view shows
 * why). Deleting goes through the shared delete-with-reason dialog, which sends RELOAD when done.
 *
 * The calls (load, add, update) and the snack bar (notify) are supplied by the view with .provide().
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ListCommentView } from '../../common/custom-lists';
import type { MessageId } from '../../common/messages';
import { validateListEntryComment } from '../../common/validation';
import { toApiFailure } from '../shared/api-failure';
import type { AddCommentInput, RecordCommentsContext, RecordCommentsEvent, RecordCommentsInput, RecordCommentsTag, UpdateCommentInput } from './record-comments.types';
export type * from './record-comments.types';

/** The server's field message when it names a known rule, else null (shown above the form instead). */
const ruleOf = (error: unknown): MessageId | null => {
  const code = toApiFailure(error).code;
  return code === 'required' || code === 'comment_length_min' || code === 'list_comment_length_max' || code === 'comment_characters' ? code : null;
};

export const recordCommentsMachine = setup({
  types: {
    context: {} as RecordCommentsContext,
    events: {} as RecordCommentsEvent,
    input: {} as RecordCommentsInput,
    tags: {} as RecordCommentsTag,
  },
  actors: {
    load: fromPromise<{ data: ListCommentView[] }, { entry_id: string }>(async () => {
      throw new Error('load is provided by the view');
    }),
    add: fromPromise<unknown, AddCommentInput>(async () => {
      throw new Error('add is provided by the view');
    }),
    update: fromPromise<unknown, UpdateCommentInput>(async () => {
      throw new Error('update is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the snack bar of an added or saved comment. */
    notify: (_, _params: { code: 'comment_added' | 'comment_updated' }) => {},
  },
  guards: {
    mayComment: ({ context }) => context.permitted && context.writable,
    recordLive: ({ context }) => context.writable,
    draftValid: ({ context }) => validateListEntryComment(context.draft) === null,
    editValid: ({ context }) => context.editing !== null && validateListEntryComment(context.editing.text) === null,
    editingSomething: ({ context }) => context.editing !== null,
  },
}).createMachine({
  id: 'recordComments',
  context: ({ input }) => ({
    recordId: input.recordId,
    permitted: input.permitted,
    writable: input.writable,
    comments: [],
    loaded: false,
    draft: '',
    draftError: null,
    editing: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The comments are read; those on screen stay meanwhile.',
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ entry_id: context.recordId }),
        onDone: { target: 'ready', actions: assign({ comments: ({ event }) => event.output.data, loaded: true, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiFailure(event.error) }) },
      },
    },
    failed: {
      description: 'Reading the comments failed; Retry reads them again.',
      on: { RELOAD: 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          tags: ['composable'],
          on: {
            ADD: [
              { guard: 'mayComment', target: 'checking' },
              { description: 'Without the permission, or on a deleted record, the form is disabled: nothing is sent.' },
            ],
            EDIT: {
              guard: 'recordLive',
              description: 'One comment at a time is edited, starting from its text (the view offers it on one’s own comments, with the permission to edit them).',
              actions: assign(({ context, event }) => ({ editing: { id: event.id, text: context.comments.find((c) => c._id === event.id)?.text ?? '', error: null } })),
            },
            EDIT_TEXT: { guard: 'editingSomething', actions: assign(({ context, event }) => ({ editing: { ...context.editing!, text: event.text, error: null } })) },
            EDIT_CANCEL: { actions: assign({ editing: null }) },
            EDIT_SAVE: [
              { guard: 'editValid', target: 'saving' },
              {
                guard: 'editingSomething',
                description: 'The edited text breaks the comment rule: the rule shows under it, nothing is sent.',
                actions: assign(({ context }) => ({ editing: { ...context.editing!, error: validateListEntryComment(context.editing!.text) } })),
              },
            ],
          },
        },
        checking: {
          description: 'The new comment is held to the comment rule before it is sent.',
          always: [
            { guard: 'draftValid', target: 'adding' },
            { target: 'idle', actions: assign({ draftError: ({ context }) => validateListEntryComment(context.draft) }) },
          ],
        },
        adding: {
          tags: ['busy'],
          invoke: {
            id: 'add',
            src: 'add',
            input: ({ context }) => ({ entry_id: context.recordId, text: context.draft.trim() }),
            onDone: {
              target: '#recordComments.loading',
              description: 'Added: the form empties and the comments are read again with the new one on top.',
              actions: [assign({ draft: '', draftError: null, error: null }), { type: 'notify', params: { code: 'comment_added' } }],
            },
            onError: {
              target: 'idle',
              description: 'Refused or no answer: what was typed stays, with the message (under the field when it is the comment rule).',
              actions: assign(({ event }) => ({ draftError: ruleOf(event.error), error: ruleOf(event.error) ? null : toApiFailure(event.error) })),
            },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'update',
            src: 'update',
            input: ({ context }) => ({ id: context.editing!.id, text: context.editing!.text.trim() }),
            onDone: {
              target: '#recordComments.loading',
              actions: [assign({ editing: null, error: null }), { type: 'notify', params: { code: 'comment_updated' } }],
            },
            onError: {
              target: 'idle',
              description: 'Refused (not one’s own, the record deleted meanwhile) or no answer: the edit stays open with the message.',
              actions: assign(({ context, event }) => ({ editing: { ...context.editing!, error: ruleOf(event.error) }, error: ruleOf(event.error) ? null : toApiFailure(event.error) })),
            },
          },
        },
      },
      on: {
        RELOAD: '#recordComments.loading',
      },
    },
  },
  on: {
    TYPE: { description: 'The new comment as typed; its problem goes as it is edited.', actions: assign({ draft: ({ event }) => event.text, draftError: null }) },
    SYNC: { actions: assign(({ event }) => ({ permitted: event.permitted, writable: event.writable })) },
  },
});
