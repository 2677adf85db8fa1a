/**
 * The "Upload transactions" dialog of Transaction Listing: a CSV or Excel file with the columns of section 3's
 * Transaction (the template's), sent to POST /transactions/upload, which checks every row with the shared
 * schema and stores and decides the whole file or nothing. Editing (choose a file, download the template),
 * sending (upload progress, then the server deciding), invalid ('Errors Found in Your File': each row's
 * problems, an error file, a fixed file sent at once), failed (no answer: Retry), stored (how many were
 * accepted, repeated, and in which statuses), closed.
 *
 * The browser refuses what it can see before a byte is sent, with the server's limits: no file, another
 * extension ('Incorrect file format'), a file over the size limit ('File size is too large.').
 *
 * The machine calls nothing itself: the view supplies the upload (a callback actor, because upload progress
 * comes as events before the answer) and the effects (the list reloads after a stored file, the error file,
 * closing) with .provide().
 */
import { assign, fromCallback, setup } from 'xstate';
import type { MessageId } from '../../common/messages';
import { TRANSACTION_LIMITS, type TransactionUploadAnswer, type TransactionUploadProblem } from '../../common/transactions';
import { failureField, toApiFailure } from '../shared/api-failure';
import type { FileError, TransactionUploadContext, TransactionUploadEvent, TransactionUploadTag, UploadFailure, UploadFile, UploadProblem } from './transaction-upload.types';
export type * from './transaction-upload.types';

/** The upload takes CSV or Excel (the API reads both): the columns are the template's, one transaction a row. */
export const UPLOAD_EXTENSIONS = ['.csv', '.xlsx'] as const;

/** Why a chosen file cannot be sent, or null ('no_file': nothing chosen, said in the dialog's own words). */
export function uploadFileProblem(file: UploadFile | null): FileError | null {
  if (!file) return 'no_file';
  if (!UPLOAD_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext))) return 'incorrect_file_format';
  if (file.size > TRANSACTION_LIMITS.uploadMaxBytes) return 'file_too_large';
  return null;
}

const codeOf = (error: unknown) => toApiFailure(error).code ?? null;
const errorOf = (event: TransactionUploadEvent) => (event.type === 'REFUSED' ? event.error : undefined);
const toFailure = (error: unknown): UploadFailure => {
  const failure = toApiFailure(error);
  return { message: failure.message, code: failure.code ?? null };
};

/** The rows of an 'Errors Found in Your File' answer, by line and column. */
export function problemsOf(error: unknown): UploadProblem[] {
  const data = ((error as { data?: { rows?: (TransactionUploadProblem & { code?: string })[] } } | null)?.data ?? {}) as { rows?: (TransactionUploadProblem & { code?: string })[] };
  // Each row names its problem by message id (code); an older answer put the id in message.
  return (Array.isArray(data.rows) ? data.rows : []).map((r) => ({ row: r.row, column: r.field ?? '', code: (r.code ?? r.message) as MessageId }));
}

const fresh = { sent: null, problems: [], error: null } satisfies Partial<TransactionUploadContext>;

export const transactionUploadMachine = setup({
  types: {
    context: {} as TransactionUploadContext,
    events: {} as TransactionUploadEvent,
    tags: {} as TransactionUploadTag,
  },
  actors: {
    /** Sends the file, reports UPLOAD_PROGRESS, UPLOADED, then STORED or REFUSED; stopping it aborts the request. */
    upload: fromCallback<TransactionUploadEvent, { file: UploadFile }>(() => {
      throw new Error('upload is provided by the view');
    }),
  },
  actions: {
    /** Supplied by the view: the snack bar and the list's reload after a stored file. */
    uploaded: (_, _params: { answer: TransactionUploadAnswer }) => {},
    /** Supplied by the view: the dialog closes (the actor stops with it). */
    close: () => {},
    /** Supplied by the view: builds and saves the error file (line, column, message). */
    downloadErrors: (_, _params: { problems: UploadProblem[]; fileName: string }) => {},
  },
  guards: {
    fileReady: ({ context }) => uploadFileProblem(context.file) === null,
    fileAcceptable: ({ event }) => event.type === 'CHOOSE' && uploadFileProblem(event.file) === null,
    fileHasProblems: ({ event }) => codeOf(errorOf(event)) === 'errors_found_in_file',
    unreachable: ({ event }) => {
      const status = toApiFailure(errorOf(event)).status;
      return status === null || status >= 500;
    },
    refusedTheFile: ({ event }) => failureField(errorOf(event)) === 'file',
  },
}).createMachine({
  id: 'transactionUpload',
  context: { file: null, fileError: null, result: null, ...fresh },
  initial: 'editing',
  states: {
    editing: {
      description: 'The user chooses a CSV file (or drops one); the template can be downloaded meanwhile.',
      tags: ['editable'],
      on: {
        CHOOSE: [
          { guard: 'fileAcceptable', actions: assign({ file: ({ event }) => event.file, fileError: null, error: null }) },
          {
            description: 'No file, another extension or a file over the limit is refused at once, without sending a byte.',
            actions: assign({ file: null, fileError: ({ event }) => uploadFileProblem(event.file) }),
          },
        ],
        SUBMIT: [
          { guard: 'fileReady', target: 'sending' },
          { description: 'Upload without a file says so under the drop zone.', actions: assign({ fileError: ({ context }) => uploadFileProblem(context.file) }) },
        ],
        CANCEL: 'closed',
      },
    },
    sending: {
      description: 'The file is sent; the server checks every row with the shared schema, then stores and decides them all, or none.',
      tags: ['busy'],
      entry: assign(fresh),
      invoke: { id: 'upload', src: 'upload', input: ({ context }) => ({ file: context.file! }) },
      initial: 'transferring',
      states: {
        transferring: {
          on: {
            UPLOAD_PROGRESS: { actions: assign({ sent: ({ event }) => ({ loaded: event.loaded, total: event.total }) }) },
            UPLOADED: 'storing',
          },
        },
        storing: { description: 'Every byte is sent; the server decides each transaction with the organisation’s rules and screening.' },
      },
      on: {
        STORED: {
          target: 'stored',
          actions: [assign({ result: ({ event }) => event.answer }), { type: 'uploaded', params: ({ event }) => ({ answer: event.answer }) }],
        },
        REFUSED: [
          {
            guard: 'fileHasProblems',
            target: 'invalid',
            description: 'Errors Found in Your File: every problem by line and column; nothing was stored.',
            actions: assign({ problems: ({ event }) => problemsOf(event.error), error: ({ event }) => toFailure(event.error) }),
          },
          {
            guard: 'unreachable',
            target: 'failed',
            description: 'No answer or a server failure: the same file can be sent again.',
            actions: assign({ error: ({ event }) => toFailure(event.error) }),
          },
          {
            guard: 'refusedTheFile',
            target: 'editing',
            description: 'A refusal of the file itself (not a CSV, too large, empty, too many rows) shows under it; it must be chosen again.',
            actions: assign({ file: null, fileError: ({ event }) => codeOf(event.error) as MessageId, error: ({ event }) => toFailure(event.error) }),
          },
          {
            target: 'editing',
            description: 'Any other refusal (no credits left, no permission): its message shows above the buttons.',
            actions: assign({ error: ({ event }) => toFailure(event.error) }),
          },
        ],
        CANCEL: { target: 'closed', description: 'Leaving stops the upload call, which aborts the request: nothing is stored.' },
      },
    },
    invalid: {
      description: 'Errors Found in Your File: the problems and the error file; choosing a fixed file sends it at once.',
      tags: ['editable'],
      on: {
        DOWNLOAD_ERRORS: { actions: { type: 'downloadErrors', params: ({ context }) => ({ problems: context.problems, fileName: context.file?.name ?? 'transactions.csv' }) } },
        CHOOSE: [
          { guard: 'fileAcceptable', target: 'sending', description: 'The fixed file is sent straight away.', actions: assign({ file: ({ event }) => event.file, fileError: null }) },
          {
            target: 'editing',
            description: 'A file the browser refuses: back to the drop zone with the reason; the old problems go.',
            actions: assign(({ event }) => ({ ...fresh, file: null, fileError: uploadFileProblem(event.file) })),
          },
        ],
        CANCEL: 'closed',
      },
    },
    failed: {
      description: 'No answer (offline) or a server failure; Retry sends the same file again.',
      on: { RETRY: 'sending', CANCEL: 'closed' },
    },
    stored: {
      description: 'Stored and decided: how many were new, how many repeated a reference already stored, and their statuses.',
      on: { CLOSE: 'closed', CANCEL: 'closed' },
    },
    closed: {
      type: 'final',
      entry: 'close',
    },
  },
});
