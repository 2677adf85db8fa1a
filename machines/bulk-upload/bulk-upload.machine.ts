/**
 * Bulk Search's upload modal, named as the product names its steps: choosing
 * a file (with the batch name and the options applied to every row), reading
 * it (sent to POST /api/validate-search-batch with upload progress, then
 * checked by the server), invalid (the problem list), ready (N rows checked),
 * uploading (POST /api/create-search-batch starts the batch), processing (live
 * progress), paused for credits, done, failed and cancelled.
 *
 * Nothing is spent until the file is clean and the user starts it: the browser
 * checks what it can see (a file chosen, its extension and size, the batch
 * name with the server's own rule, where to search) before anything is sent.
 *
 * The machine calls nothing itself. The view supplies the reading call (a
 * callback actor, because upload progress comes as events before the answer),
 * the starting call, the follower of a running batch (the socket's
 * bulk-progress events and a slow poll as a fallback) and the effects (snack
 * bar, closing the modal, navigation, the error file, contact sales) with
 * .provide(), like the form machine.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { BULK_FILE_EXTENSIONS, BULK_FILE_MAX_BYTES, type BatchProgress, type BulkFileErrors, type BulkFileProblem } from '../../common/bulk';
import { databasesProblem } from '../../common/cases';
import type { MessageId } from '../../common/messages';
import { validateBatchName, validateMatchScore } from '../../common/validation';
import { failureField, toApiFailure } from '../shared/api-failure';
import type {
  BulkFailure,
  BulkFile,
  BulkUploadContext,
  BulkUploadEvent,
  BulkUploadInput,
  BulkUploadOptions,
  BulkUploadTag,
  ReadingInput,
  StartedBatch,
  StartInput,
} from './bulk-upload.types';
export type * from './bulk-upload.types';

export const DEFAULT_BULK_OPTIONS: BulkUploadOptions = {
  search_type: 'manual',
  databases: ['sanctions', 'pep', 'warnings_and_regulatory_enforcement'],
  search_profile_id: '',
  match_score: '',
  exact_match: false,
  match_akas: true,
  match_rca: false,
};

// ---------------------------------------------------------------- The browser's own checks

/** Why a chosen file cannot be sent ('Incorrect file format', 'File size is too large.'), or null. */
export function fileProblem(file: BulkFile | null): MessageId | null {
  if (!file) return 'bulk_file_required';
  const name = file.name.toLowerCase();
  if (!BULK_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'incorrect_file_format';
  if (file.size > BULK_FILE_MAX_BYTES) return 'file_too_large';
  return null;
}

/** Problems of the batch name and the options, as the API would answer them. */
export function optionProblems(name: string, options: BulkUploadOptions): BulkUploadContext['fieldErrors'] {
  const out: BulkUploadContext['fieldErrors'] = {};
  const nameRule = validateBatchName(name);
  if (nameRule) out.name = nameRule;
  if (options.search_type === 'manual') {
    const databases = databasesProblem(options.databases);
    if (databases) out.databases = databases;
  } else if (!options.search_profile_id.trim()) out.search_profile_id = 'profile_required';
  if (options.match_score.trim() !== '') {
    const score = validateMatchScore(options.match_score);
    if (score) out.match_score = score;
  }
  return out;
}

const hasAny = (errors: BulkUploadContext['fieldErrors']) => Object.values(errors).some(Boolean);

/** The body of POST /api/create-search-batch. */
export function startBody(context: Pick<BulkUploadContext, 'upload' | 'name' | 'options'>): StartInput {
  const o = context.options;
  return {
    upload_id: context.upload?.upload_id ?? '',
    name: context.name,
    search_type: o.search_type,
    databases: o.search_type === 'manual' ? o.databases : [],
    search_profile_id: o.search_type === 'profile' ? o.search_profile_id : null,
    match_score: o.match_score.trim() === '' ? null : Number(o.match_score),
    exact_match: o.exact_match,
    match_akas: o.match_akas,
    match_rca: o.match_rca,
  };
}

/** A failure with the values its message names (a 400 bulk_limit carries {limit}). */
function toFailure(error: unknown): BulkFailure {
  const failure = toApiFailure(error);
  const data = (error as { data?: Record<string, unknown> } | null)?.data ?? {};
  const values: Record<string, string | number> = {};
  for (const key of ['limit', 'max']) if (typeof data[key] === 'number' || typeof data[key] === 'string') values[key] = data[key] as number;
  return { message: failure.message, code: failure.code ?? null, values: Object.keys(values).length ? values : null };
}

const statusOf = (error: unknown) => toApiFailure(error).status;
const codeOf = (error: unknown) => toApiFailure(error).code ?? null;
/** No answer, or the server broke: trying again may help; a 4xx will say the same again. */
const unreachable = (error: unknown) => {
  const status = statusOf(error);
  return status === null || status >= 500;
};
const errorOf = (event: BulkUploadEvent | { error?: unknown }) => (event as { error?: unknown }).error;
const progressOf = (event: BulkUploadEvent): BatchProgress | null => (event.type === 'PROGRESS' ? event.progress : null);

const fresh = { sent: null, upload: null, problems: [], problemCount: 0, error: null, failedAt: null } satisfies Partial<BulkUploadContext>;

export const bulkUploadMachine = setup({
  types: {
    context: {} as BulkUploadContext,
    events: {} as BulkUploadEvent,
    input: {} as BulkUploadInput,
    tags: {} as BulkUploadTag,
  },
  actors: {
    /** Sends the file and reports UPLOAD_PROGRESS, UPLOADED, then CHECKED or REFUSED; stopping it aborts the request. */
    read: fromCallback<BulkUploadEvent, ReadingInput>(() => {
      throw new Error('read is provided by the view');
    }),
    start: fromPromise<StartedBatch, StartInput>(async () => {
      throw new Error('start is provided by the view');
    }),
    /** Reports PROGRESS for the batch until stopped (the socket's bulk-progress events, and a poll as a fallback). */
    follow: fromCallback<BulkUploadEvent, { id: string }>(() => {
      throw new Error('follow is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the snack bar of a started batch, and the table's refresh. */
    started: (_, _params: { batch: StartedBatch['batch']; message: string | null }) => {},
    /** Supplied by the view: the modal closes (the actor stops with it). */
    close: () => {},
    /** Supplied by the view: the credits-expired dialog's way on. */
    contactSales: () => {},
    /** Supplied by the view: Manage Case filtered by the batch's name. */
    viewCases: (_, _params: { name: string }) => {},
    /** Supplied by the view: builds and saves the error file (row, column, value, message). */
    downloadErrors: (_, _params: { problems: BulkFileProblem[]; fileName: string }) => {},
  },
  guards: {
    fileAcceptable: ({ event }) => event.type === 'CHOOSE' && fileProblem(event.file) === null,
    formValid: ({ context }) => fileProblem(context.file) === null && !hasAny(optionProblems(context.name, context.options)),
    optionsValid: ({ context }) => !hasAny(optionProblems(context.name, context.options)),
    fileHasProblems: ({ event }) => codeOf(errorOf(event)) === 'errors_found_in_file',
    unreachable: ({ event }) => unreachable(errorOf(event)),
    refusedOnAField: ({ event }) => failureField(errorOf(event)) !== null,
    uploadGone: ({ event }) => codeOf(errorOf(event)) === 'batch_upload_missing',
    outOfCredits: ({ event }) => codeOf(errorOf(event)) === 'search_limit',
    batchFinished: ({ event }) => progressOf(event)?.phase === 'finished',
    batchDeleted: ({ event }) => progressOf(event)?.phase === 'deleted',
    batchPaused: ({ event }) => progressOf(event)?.phase === 'paused',
    canRetry: ({ context }) => context.failedAt !== null,
    retryReading: ({ context }) => context.failedAt === 'reading',
    /** Name and options belong to the batch once it is created. */
    notStarted: ({ context }) => context.batch === null,
  },
}).createMachine({
  id: 'bulkUpload',
  context: ({ input }) => ({
    file: null,
    name: '',
    options: { ...DEFAULT_BULK_OPTIONS, ...(input?.options ?? {}) },
    fieldErrors: {},
    batch: null,
    batchName: null,
    ...fresh,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'The user picks a file, names the batch and chooses where to search; the template can be downloaded meanwhile.',
      tags: ['editable'],
      on: {
        CHOOSE: [
          {
            guard: 'fileAcceptable',
            description: 'A file the browser can accept is kept; it is sent when the user asks for the check.',
            actions: assign(({ context, event }) => ({ file: event.file, fieldErrors: { ...context.fieldErrors, file: undefined }, error: null })),
          },
          {
            description: 'No file, another extension or a file over the size limit is refused at once, without sending a byte.',
            actions: assign(({ context, event }) => ({ file: null, fieldErrors: { ...context.fieldErrors, file: fileProblem(event.file) ?? undefined } })),
          },
        ],
        CANCEL: { target: 'cancelled', description: 'The user closes the modal before starting: nothing was created or spent.' },
        SUBMIT: [
          { guard: 'formValid', target: 'reading', actions: assign({ fieldErrors: {} }) },
          {
            description: 'What the browser can see is shown on its fields (file required, batch name, databases) without a round trip.',
            actions: assign(({ context }) => ({ fieldErrors: { ...optionProblems(context.name, context.options), ...(fileProblem(context.file) ? { file: fileProblem(context.file)! } : {}) } })),
          },
        ],
      },
    },
    reading: {
      description: 'The file is sent to the API, which reads every row with the shared rules; nothing is created or spent.',
      tags: ['busy'],
      entry: assign(fresh),
      invoke: { id: 'read', src: 'read', input: ({ context }) => ({ file: context.file! }) },
      initial: 'sending',
      states: {
        sending: {
          description: 'The bytes are on their way; the bar shows how many have gone.',
          on: {
            UPLOAD_PROGRESS: { actions: assign({ sent: ({ event }) => ({ loaded: event.loaded, total: event.total }) }) },
            UPLOADED: 'checking',
          },
        },
        checking: { description: 'Every byte is sent; the server reads and checks the rows.' },
      },
      on: {
        CHECKED: { target: 'ready', actions: assign({ upload: ({ event }) => event.upload }) },
        REFUSED: [
          {
            guard: 'fileHasProblems',
            target: 'invalid',
            description: 'Errors Found in Your File: every problem by row and column, to fix before anything is spent.',
            actions: assign(({ event }) => {
              const data = ((event.error as { data?: Partial<BulkFileErrors> } | null)?.data ?? {}) as Partial<BulkFileErrors>;
              const problems = data.problems ?? [];
              return { problems, problemCount: data.problem_count ?? problems.length, error: toFailure(event.error) };
            }),
          },
          {
            guard: 'unreachable',
            target: 'failed',
            description: 'No answer or a server failure: the same file can be sent again.',
            actions: assign({ error: ({ event }) => toFailure(event.error), failedAt: 'reading' }),
          },
          {
            target: 'choosing',
            description: 'The file as a whole is refused (format, size, empty, over the batch limit, no permission): the message shows on the file, which must be chosen again.',
            actions: assign(({ context, event }) => ({ file: null, error: toFailure(event.error), fieldErrors: { ...context.fieldErrors, file: undefined } })),
          },
        ],
        CANCEL: { target: 'cancelled', description: 'Leaving the state stops the reading call, which aborts the request on its way.' },
      },
    },
    invalid: {
      description: 'Errors Found in Your File: the list of problems; the error file can be downloaded; another file is checked at once.',
      tags: ['editable'],
      on: {
        CANCEL: 'cancelled',
        DOWNLOAD_ERRORS: { actions: { type: 'downloadErrors', params: ({ context }) => ({ problems: context.problems, fileName: context.file?.name ?? 'batch' }) } },
        CHOOSE: [
          { guard: 'fileAcceptable', target: 'reading', description: 'The fixed file is checked straight away.', actions: assign({ file: ({ event }) => event.file }) },
          { target: 'choosing', actions: assign(({ context, event }) => ({ file: null, ...fresh, fieldErrors: { ...context.fieldErrors, file: fileProblem(event.file) ?? undefined } })) },
        ],
      },
    },
    ready: {
      description: 'The file is clean: N entities ready to screen, N credits to be used. Start sends the batch.',
      tags: ['editable'],
      initial: 'idle',
      states: {
        idle: {},
        outOfCredits: {
          description: 'No credit at all: the batch was not created; the credits-expired dialog offers to contact sales.',
          tags: ['creditsDialog'],
          on: {
            DISMISS: 'idle',
            FOLLOW_UP: { target: 'idle', actions: 'contactSales' },
          },
        },
      },
      on: {
        CANCEL: 'cancelled',
        START: [
          { guard: 'optionsValid', target: 'uploading', actions: assign({ fieldErrors: {}, error: null }) },
          { description: 'The name or the options are shown wrong on their fields; nothing is sent.', actions: assign({ fieldErrors: ({ context }) => optionProblems(context.name, context.options) }) },
        ],
        CHOOSE: [
          { guard: 'fileAcceptable', target: 'reading', description: 'Another file replaces the checked one and is checked at once.', actions: assign({ file: ({ event }) => event.file }) },
          { target: 'choosing', actions: assign(({ context, event }) => ({ file: null, ...fresh, fieldErrors: { ...context.fieldErrors, file: fileProblem(event.file) ?? undefined } })) },
        ],
      },
    },
    uploading: {
      description: 'The batch is being created from the checked rows (POST /api/create-search-batch).',
      tags: ['busy'],
      invoke: {
        id: 'start',
        src: 'start',
        input: ({ context }) => startBody(context),
        onDone: {
          target: 'processing',
          description: 'The batch exists and runs on the server; the table shows it at once.',
          actions: [
            assign(({ context, event }) => ({ batch: event.output.batch, batchName: event.output.batch.name ?? context.name })),
            { type: 'started', params: ({ event }) => ({ batch: event.output.batch, message: event.output.message ?? null }) },
          ],
        },
        onError: [
          {
            guard: 'refusedOnAField',
            target: 'ready',
            description: 'A refused batch name (taken, too long) is shown under the name; the checked file stays.',
            actions: assign(({ event }) => ({ fieldErrors: { [failureField(event.error)!]: codeOf(event.error) as MessageId }, error: toFailure(event.error) })),
          },
          { guard: 'uploadGone', target: 'choosing', description: 'The checked rows were forgotten (a day passed): the file must be uploaded again.', actions: assign({ ...fresh, file: null, error: ({ event }) => toFailure(event.error) }) },
          { guard: 'outOfCredits', target: 'ready.outOfCredits', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
          {
            target: 'failed',
            description: 'Any other refusal or failure: the message shows; Retry sends the same request again when trying again can help (no answer, a server failure).',
            actions: assign({ error: ({ event }) => toFailure(event.error), failedAt: ({ event }) => (unreachable(event.error) ? 'uploading' : null) }),
          },
        ],
      },
      on: { CANCEL: { target: 'cancelled', description: 'Nothing is started if the user leaves before the answer; the request already sent may still create the batch, which then shows in the table.' } },
    },
    processing: {
      description: 'The batch runs: rows done, rows per second and time left follow the socket; closing the modal leaves it running.',
      tags: ['running'],
      invoke: { id: 'follow', src: 'follow', input: ({ context }) => ({ id: context.batch!.id }) },
      on: {
        PROGRESS: [
          { guard: 'batchFinished', target: 'done', actions: assign({ batch: ({ event }) => event.progress }) },
          { guard: 'batchDeleted', target: 'failed', description: 'Someone deleted the batch while it ran: nothing to retry.', actions: assign({ batch: ({ event }) => event.progress, error: null, failedAt: null }) },
          { guard: 'batchPaused', target: 'pausedForCredits', description: 'Credits ran out mid-batch: the batch waits as Pending and resumes by itself.', actions: assign({ batch: ({ event }) => event.progress }) },
          { actions: assign({ batch: ({ event }) => event.progress }) },
        ],
        CLOSE: { actions: 'close' },
      },
    },
    pausedForCredits: {
      description: 'The batch waits for credits (or tomorrow’s daily allowance); it resumes by itself once there are some.',
      tags: ['running'],
      invoke: { id: 'follow', src: 'follow', input: ({ context }) => ({ id: context.batch!.id }) },
      initial: 'told',
      states: {
        told: {
          tags: ['creditsDialog'],
          on: {
            DISMISS: 'waiting',
            FOLLOW_UP: { target: 'waiting', actions: 'contactSales' },
          },
        },
        waiting: {},
      },
      on: {
        PROGRESS: [
          { guard: 'batchFinished', target: 'done', actions: assign({ batch: ({ event }) => event.progress }) },
          { guard: 'batchDeleted', target: 'failed', actions: assign({ batch: ({ event }) => event.progress, error: null, failedAt: null }) },
          { guard: 'batchPaused', description: 'Still waiting: the counts are kept up to date.', actions: assign({ batch: ({ event }) => event.progress }) },
          { target: 'processing', description: 'Credits came back and the batch runs again.', actions: assign({ batch: ({ event }) => event.progress }) },
        ],
        CLOSE: { actions: 'close' },
      },
    },
    done: {
      description: 'Every row is stored: success and failed counts; the cases can be opened in Manage Case.',
      on: {
        VIEW_CASES: { actions: { type: 'viewCases', params: ({ context }) => ({ name: context.batchName ?? context.name }) } },
        CLOSE: { actions: 'close' },
      },
    },
    failed: {
      description: 'A request failed (or the batch was deleted while it ran); Retry sends the failed request again where that can help.',
      on: {
        RETRY: [
          { guard: 'retryReading', target: 'reading' },
          { guard: 'canRetry', target: 'uploading' },
        ],
        CANCEL: 'cancelled',
        CLOSE: { actions: 'close' },
      },
    },
    cancelled: {
      description: 'The user left before the batch started; nothing was created or spent. The modal closes.',
      type: 'final',
      entry: 'close',
    },
  },
  on: {
    NAME: {
      description: 'The batch name can be changed until the batch starts; its problem goes as it is edited.',
      guard: 'notStarted',
      actions: assign(({ context, event }) => ({ name: event.name, fieldErrors: { ...context.fieldErrors, name: undefined } })),
    },
    OPTIONS: {
      guard: 'notStarted',
      description: 'The options apply to every row; they can be changed until the batch starts.',
      actions: assign(({ context, event }) => ({
        options: { ...context.options, ...event.options },
        fieldErrors: { ...context.fieldErrors, databases: undefined, search_profile_id: undefined, match_score: undefined },
      })),
    },
  },
});
