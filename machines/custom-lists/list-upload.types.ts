/**
 * Types of the list-upload statechart (machines/custom-lists/list-upload.machine.ts): the custom list
 * upload modal, creating a list from a file or adding a file's records to one.
 */
import type { CustomListFileProblem, CustomListView } from '../../common/custom-lists';
import type { CustomListType } from '../../common/enums';
import type { MessageId } from '../../common/messages';

// ---------------------------------------------------------------- Values

/** What the machine needs of a chosen file (a File in the browser). */
export interface ListFile {
  name: string;
  size: number;
}

/** The list whose records a file adds to (append), by id and name. */
export interface TargetList {
  _id: string;
  name: string;
}

/** A failure as the modal shows it: the message, its id, and the values it names ({limit}). */
export interface UploadFailure {
  message: string;
  code: string | null;
  values: Record<string, string | number> | null;
}

export type UploadField = 'name' | 'description' | 'type' | 'file';

// ---------------------------------------------------------------- Context

export interface ListUploadContext {
  /** Append mode: the list the records go to; null when a new list is created. */
  list: TargetList | null;
  name: string;
  description: string;
  type: CustomListType | '';
  file: ListFile | null;
  /** Problems of the modal's fields, found in the browser or placed on a field by the API. */
  fieldErrors: Partial<Record<UploadField, MessageId>>;
  /** Bytes of the file sent so far, while it is sent. */
  sent: { loaded: number; total: number } | null;
  /** The file's problems (the listed ones) and how many there are in all. */
  problems: CustomListFileProblem[];
  problemCount: number;
  /** What the API answered once the list was stored. */
  result: UploadAnswer | null;
  error: UploadFailure | null;
}

// ---------------------------------------------------------------- Events

export type ListUploadEvent =
  | { type: 'NAME'; name: string }
  | { type: 'DESCRIPTION'; description: string }
  | { type: 'TYPE'; listType: CustomListType }
  /** A file was picked (or dropped); null when the picker was emptied. */
  | { type: 'CHOOSE'; file: ListFile | null }
  /** "Upload": the file and the fields are sent. */
  | { type: 'SUBMIT' }
  /** Reported by the upload call while the file is sent. */
  | { type: 'UPLOAD_PROGRESS'; loaded: number; total: number }
  /** Reported by the upload call: every byte is sent, the server reads and stores it. */
  | { type: 'UPLOADED' }
  /** Reported by the upload call: the list is stored. */
  | { type: 'STORED'; answer: UploadAnswer }
  /** Reported by the upload call: the API refused (the file's problems, or why). */
  | { type: 'REFUSED'; error: unknown }
  | { type: 'DOWNLOAD_ERRORS' }
  | { type: 'RETRY' }
  /** Leaves the modal; an upload on its way is aborted (nothing is stored). */
  | { type: 'CANCEL' };

// ---------------------------------------------------------------- Input and calls

export interface ListUploadInput {
  /** Adding records to this list; a new list when left out. */
  list?: TargetList | null;
}

/** What the upload call is given: the list (append) or the new list's fields, and the file. */
export interface UploadRequest {
  list_id?: string;
  name?: string;
  description?: string;
  type?: CustomListType;
  file: ListFile;
}

/** What POST /api/custom-listing answers. */
export interface UploadAnswer {
  list: CustomListView;
  code?: string;
  message?: string;
  values?: Record<string, string | number>;
}

// ---------------------------------------------------------------- Tags

/**
 * editable: the fields and the file can be changed (editing, invalid, failed); busy: the file is on its
 * way or being stored.
 */
export type ListUploadTag = 'editable' | 'busy';
