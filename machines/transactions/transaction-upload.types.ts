/** Types of the "Upload transactions" dialog's statechart (transaction-upload.machine.ts). */
import type { MessageId } from '../../common/messages';
import type { TransactionUploadAnswer } from '../../common/transactions';

// ---------------------------------------------------------------- Values

/** What the machine needs of a chosen file (a File in the browser). */
export interface UploadFile {
  name: string;
  size: number;
}

/** A problem of a refused file, by line (the header is line 1) and column, with the API's message id. */
export interface UploadProblem {
  row: number;
  column: string;
  code: MessageId;
}

/** Why a file cannot be sent: an API message id, or 'no_file' when none is chosen. */
export type FileError = MessageId | 'no_file';

export interface UploadFailure {
  message: string;
  code: string | null;
}

// ---------------------------------------------------------------- Context

export interface TransactionUploadContext {
  file: UploadFile | null;
  /** Why the chosen file cannot be sent (a message id), found in the browser or answered by the API. */
  fileError: FileError | null;
  sent: { loaded: number; total: number } | null;
  /** 'Errors Found in Your File': the rows and columns to fix; nothing was stored. */
  problems: UploadProblem[];
  /** What the API answered once the file was stored. */
  result: TransactionUploadAnswer | null;
  error: UploadFailure | null;
}

// ---------------------------------------------------------------- Events

export type TransactionUploadEvent =
  /** A file was picked (or dropped); null when the picker was emptied. */
  | { type: 'CHOOSE'; file: UploadFile | null }
  | { type: 'SUBMIT' }
  /** Reported by the upload call while the file is sent. */
  | { type: 'UPLOAD_PROGRESS'; loaded: number; total: number }
  /** Reported by the upload call: every byte is sent; the server checks and decides the rows. */
  | { type: 'UPLOADED' }
  /** Reported by the upload call: the transactions are stored and decided. */
  | { type: 'STORED'; answer: TransactionUploadAnswer }
  /** Reported by the upload call: the API refused (the file's problems, or why). */
  | { type: 'REFUSED'; error: unknown }
  | { type: 'DOWNLOAD_ERRORS' }
  | { type: 'RETRY' }
  /** Leaves the dialog; an upload on its way is aborted (nothing is stored). */
  | { type: 'CANCEL' }
  /** Closes the dialog after the summary of a stored file. */
  | { type: 'CLOSE' };

// ---------------------------------------------------------------- Tags

/** editable: a file can be chosen; busy: the file is on its way or being decided. */
export type TransactionUploadTag = 'editable' | 'busy';
