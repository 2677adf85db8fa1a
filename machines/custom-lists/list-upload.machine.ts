/**
 * The custom list upload modal: a new list (name, description, blacklist or whitelist, a CSV or Excel
 * file) or more records for a list (a file only), sent to POST /api/custom-listing, which checks every
 * row and stores the whole file or nothing. Editing, sending (with upload progress, then the server
 * reading and storing), invalid (the file's problems, downloadable as an error file; a fixed file is
 * sent at once), failed (no answer: Retry), done and cancelled.
 *
 * The browser checks what it can see before a byte is sent, with the server's own rules: a file chosen,
 * its extension and size (10 MB), the name and description rules, a type chosen.
 *
 * The machine calls nothing itself: the view supplies the upload call (a callback actor, because upload
 * progress comes as events before the answer) and the effects (the snack bar and what follows a stored
 * list, closing the modal, the error file) with .provide().
 */
import { assign, fromCallback, setup } from 'xstate';
import { CUSTOM_LIST_FILE_EXTENSIONS, CUSTOM_LIST_FILE_MAX_BYTES, type CustomListFileErrors } from '../../common/custom-lists';
import type { MessageId } from '../../common/messages';
import { uploadFieldProblems } from '../../common/schemas/custom-lists';
import { failureField, toApiFailure } from '../shared/api-failure';
import type { ListFile, ListUploadContext, ListUploadEvent, ListUploadInput, ListUploadTag, UploadAnswer, UploadFailure, UploadField, UploadRequest } from './list-upload.types';
export type * from './list-upload.types';

// ---------------------------------------------------------------- The browser's own checks

/** Why a chosen file cannot be sent ('Incorrect file format', 'File size is too large.'), or null. */
export function listFileProblem(file: ListFile | null): MessageId | null {
  if (!file) return 'list_file_required';
  const name = file.name.toLowerCase();
  if (!CUSTOM_LIST_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'incorrect_file_format';
  if (file.size > CUSTOM_LIST_FILE_MAX_BYTES) return 'file_too_large';
  return null;
}

/** The problems of the fields a new list needs (none in append mode), as the API would answer them. */
export function listFieldProblems(context: Pick<ListUploadContext, 'list' | 'name' | 'description' | 'type'>): ListUploadContext['fieldErrors'] {
  if (context.list) return {};
  const problems = uploadFieldProblems({ name: context.name, description: context.description, type: context.type });
  const { list_id: _ignored, ...fields } = problems;
  return fields;
}

/** Every problem the browser sees, by field. */
export function uploadProblems(context: Pick<ListUploadContext, 'list' | 'name' | 'description' | 'type' | 'file'>): ListUploadContext['fieldErrors'] {
  const file = listFileProblem(context.file);
  return { ...listFieldProblems(context), ...(file ? { file } : {}) };
}

const hasAny = (errors: ListUploadContext['fieldErrors']) => Object.values(errors).some(Boolean);

/** What the upload call sends: the list's id, or the new list's trimmed fields; and the file. */
export function uploadRequest(context: Pick<ListUploadContext, 'list' | 'name' | 'description' | 'type' | 'file'>): UploadRequest {
  if (context.list) return { list_id: context.list._id, file: context.file! };
  return { name: context.name.trim(), description: context.description.trim(), type: context.type || undefined, file: context.file! };
}

/** A failure with the values its message names (a list_record_limit carries {limit}). */
function toFailure(error: unknown): UploadFailure {
  const failure = toApiFailure(error);
  const data = (error as { data?: Record<string, unknown> } | null)?.data ?? {};
  const values: Record<string, string | number> = {};
  for (const key of ['limit', 'max']) if (typeof data[key] === 'number' || typeof data[key] === 'string') values[key] = data[key] as number;
  return { message: failure.message, code: failure.code ?? null, values: Object.keys(values).length ? values : null };
}

const codeOf = (error: unknown) => toApiFailure(error).code ?? null;
/** No answer, or the server broke: trying again may help; a 4xx would say the same again. */
const unreachable = (error: unknown) => {
  const status = toApiFailure(error).status;
  return status === null || status >= 500;
};
const errorOf = (event: ListUploadEvent) => (event.type === 'REFUSED' ? event.error : undefined);
const FIELDS: readonly UploadField[] = ['name', 'description', 'type', 'file'];
const fieldOf = (error: unknown): UploadField | null => {
  const field = failureField(error);
  return (FIELDS as readonly string[]).includes(field ?? '') ? (field as UploadField) : null;
};

const fresh = { sent: null, problems: [], problemCount: 0, error: null } satisfies Partial<ListUploadContext>;

export const listUploadMachine = setup({
  types: {
    context: {} as ListUploadContext,
    events: {} as ListUploadEvent,
    input: {} as ListUploadInput,
    tags: {} as ListUploadTag,
  },
  actors: {
    /** Sends the fields and the file, reports UPLOAD_PROGRESS, UPLOADED, then STORED or REFUSED; stopping it aborts the request. */
    upload: fromCallback<ListUploadEvent, UploadRequest>(() => {
      throw new Error('upload is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the snack bar of a stored list, the page's refresh or the new list's page. */
    uploaded: (_, _params: { answer: UploadAnswer; appended: boolean }) => {},
    /** Supplied by the view: the modal closes (the actor stops with it). */
    close: () => {},
    /** Supplied by the view: builds and saves the error file (row, column, value, message). */
    downloadErrors: (_, _params: { problems: CustomListFileErrors['problems']; fileName: string }) => {},
  },
  guards: {
    formValid: ({ context }) => !hasAny(uploadProblems(context)),
    fileAcceptable: ({ event }) => event.type === 'CHOOSE' && listFileProblem(event.file) === null,
    /** A fixed file goes at once when the rest of the form is fine too. */
    fixedFileReady: ({ context, event }) => event.type === 'CHOOSE' && listFileProblem(event.file) === null && !hasAny(listFieldProblems(context)),
    fileHasProblems: ({ event }) => codeOf(errorOf(event)) === 'errors_found_in_file',
    unreachable: ({ event }) => unreachable(errorOf(event)),
    refusedOnAField: ({ event }) => fieldOf(errorOf(event)) !== null,
  },
}).createMachine({
  id: 'listUpload',
  context: ({ input }) => ({
    list: input?.list ?? null,
    name: '',
    description: '',
    type: '',
    file: null,
    fieldErrors: {},
    result: null,
    ...fresh,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The user names the list, describes it, chooses blacklist or whitelist and a file (only the file when adding records); the template can be downloaded meanwhile.',
      tags: ['editable'],
      on: {
        CHOOSE: [
          {
            guard: 'fileAcceptable',
            description: 'A file the browser can accept is kept; it is sent with the form.',
            actions: assign(({ context, event }) => ({ file: event.file, fieldErrors: { ...context.fieldErrors, file: undefined }, error: null })),
          },
          {
            description: 'No file, another extension or a file over 10 MB is refused at once, without sending a byte.',
            actions: assign(({ context, event }) => ({ file: null, fieldErrors: { ...context.fieldErrors, file: listFileProblem(event.file) ?? undefined } })),
          },
        ],
        SUBMIT: [
          { guard: 'formValid', target: 'sending', actions: assign({ fieldErrors: {} }) },
          {
            description: 'What the browser can see is shown on its fields (file required, name, description, type) without a round trip.',
            actions: assign(({ context }) => ({ fieldErrors: uploadProblems(context) })),
          },
        ],
        CANCEL: 'cancelled',
      },
    },
    sending: {
      description: 'The file is sent; the server reads every row with the shared rules and stores the whole file or nothing.',
      tags: ['busy'],
      entry: assign(fresh),
      invoke: { id: 'upload', src: 'upload', input: ({ context }) => uploadRequest(context) },
      initial: 'transferring',
      states: {
        transferring: {
          description: 'The bytes are on their way; the bar shows how many have gone.',
          on: {
            UPLOAD_PROGRESS: { actions: assign({ sent: ({ event }) => ({ loaded: event.loaded, total: event.total }) }) },
            UPLOADED: 'storing',
          },
        },
        storing: { description: 'Every byte is sent; the server checks the rows and stores the records.' },
      },
      on: {
        STORED: {
          target: 'done',
          actions: [assign({ result: ({ event }) => event.answer }), { type: 'uploaded', params: ({ context, event }) => ({ answer: event.answer, appended: context.list !== null }) }],
        },
        REFUSED: [
          {
            guard: 'fileHasProblems',
            target: 'invalid',
            description: 'Errors Found in Your File: every problem by row and column; nothing was stored.',
            actions: assign(({ event }) => {
              const data = ((event.error as { data?: Partial<CustomListFileErrors> } | null)?.data ?? {}) as Partial<CustomListFileErrors>;
              const problems = data.problems ?? [];
              return { problems, problemCount: data.problem_count ?? problems.length, error: toFailure(event.error) };
            }),
          },
          {
            guard: 'unreachable',
            target: 'failed',
            description: 'No answer or a server failure: the same request can be sent again.',
            actions: assign({ error: ({ event }) => toFailure(event.error) }),
          },
          {
            guard: 'refusedOnAField',
            target: 'editing',
            description: 'A refusal about one field (a name already taken, a file that is no spreadsheet, too large or empty) shows under it; a refused file must be chosen again.',
            actions: assign(({ context, event }) => {
              const field = fieldOf(event.error)!;
              return { fieldErrors: { ...context.fieldErrors, [field]: codeOf(event.error) as MessageId }, error: toFailure(event.error), ...(field === 'file' ? { file: null } : {}) };
            }),
          },
          {
            target: 'editing',
            description: 'Any other refusal (no permission, the list was deleted meanwhile): its message shows above the buttons.',
            actions: assign({ error: ({ event }) => toFailure(event.error) }),
          },
        ],
        CANCEL: { target: 'cancelled', description: 'Leaving stops the upload call, which aborts the request: nothing is stored.' },
      },
    },
    invalid: {
      description: 'Errors Found in Your File: the list of problems and the error file; choosing a fixed file sends it at once.',
      tags: ['editable'],
      on: {
        DOWNLOAD_ERRORS: { actions: { type: 'downloadErrors', params: ({ context }) => ({ problems: context.problems, fileName: context.file?.name ?? 'list' }) } },
        CHOOSE: [
          { guard: 'fixedFileReady', target: 'sending', description: 'The fixed file is sent straight away.', actions: assign({ file: ({ event }) => event.file }) },
          {
            target: 'editing',
            description: 'A file the browser refuses, or a form that needs a change first: back to the form, the problems go.',
            actions: assign(({ context, event }) => ({ ...fresh, file: listFileProblem(event.file) ? null : event.file, fieldErrors: { ...context.fieldErrors, file: listFileProblem(event.file) ?? undefined } })),
          },
        ],
        SUBMIT: { guard: 'formValid', target: 'sending', description: 'The same file sent again (after a fix to the fields).' },
        CANCEL: 'cancelled',
      },
    },
    failed: {
      description: 'No answer (offline) or a server failure; Retry sends the same request again.',
      on: {
        RETRY: 'sending',
        CANCEL: 'cancelled',
      },
    },
    done: {
      description: 'Stored: the view’s uploaded action has told the user and refreshed or opened the list.',
      type: 'final',
      entry: 'close',
    },
    cancelled: {
      description: 'The user left; nothing was stored. The modal closes.',
      type: 'final',
      entry: 'close',
    },
  },
  on: {
    NAME: { description: 'The fields can be changed until the upload is on its way; a field loses its problem as it is edited.', actions: assign(({ context, event }) => ({ name: event.name, fieldErrors: { ...context.fieldErrors, name: undefined } })) },
    DESCRIPTION: { actions: assign(({ context, event }) => ({ description: event.description, fieldErrors: { ...context.fieldErrors, description: undefined } })) },
    TYPE: { actions: assign(({ context, event }) => ({ type: event.listType, fieldErrors: { ...context.fieldErrors, type: undefined } })) },
  },
});
