/**
 * Types of the bulk-upload statechart (machines/bulk-upload/bulk-upload.machine.ts):
 * the upload modal of Bulk Search, from choosing a file to the batch's end.
 */
import type { BatchProgress, BatchView, BulkFileProblem, BulkOptions, BulkUploadView } from '../../common/bulk';
import type { MessageId } from '../../common/messages';

// ---------------------------------------------------------------- Values

/** What the machine needs of a chosen file (a File in the browser). */
export interface BulkFile {
  name: string;
  size: number;
}

/** The options chosen in the modal, as the form holds them (match score as typed). */
export interface BulkUploadOptions extends Omit<BulkOptions, 'match_score' | 'search_profile_id'> {
  search_profile_id: string;
  match_score: string;
}

/** A failure as the modal shows it: section 8's message, its id, and the values it names ({limit}). */
export interface BulkFailure {
  message: string;
  code: string | null;
  values: Record<string, string | number> | null;
}

// ---------------------------------------------------------------- Context

export interface BulkUploadContext {
  file: BulkFile | null;
  name: string;
  options: BulkUploadOptions;
  /** Problems of the modal's own fields, found in the browser or placed on a field by the API. */
  fieldErrors: Partial<Record<'file' | 'name' | 'databases' | 'search_profile_id' | 'match_score', MessageId>>;
  /** Bytes of the file sent so far, while it is sent. */
  sent: { loaded: number; total: number } | null;
  /** The checked file, once the API has read it. */
  upload: BulkUploadView | null;
  /** The file's problems (listed ones) and how many there are in all. */
  problems: BulkFileProblem[];
  problemCount: number;
  /** The started batch, updated by every progress event. */
  batch: BatchProgress | (BatchView & BatchProgress) | null;
  /** The batch's name as started (for "View cases"). */
  batchName: string | null;
  error: BulkFailure | null;
  /** Which request failed, so that a retry sends it again. */
  failedAt: 'reading' | 'uploading' | null;
}

// ---------------------------------------------------------------- Events

export type BulkUploadEvent =
  /** A file was picked (or dropped); null when the picker was emptied. */
  | { type: 'CHOOSE'; file: BulkFile | null }
  | { type: 'NAME'; name: string }
  | { type: 'OPTIONS'; options: Partial<BulkUploadOptions> }
  /** "Check file": the file is sent to be read and checked. */
  | { type: 'SUBMIT' }
  /** Reported by the reading call while the file is sent. */
  | { type: 'UPLOAD_PROGRESS'; loaded: number; total: number }
  /** Reported by the reading call: every byte is sent, the server reads it. */
  | { type: 'UPLOADED' }
  /** Reported by the reading call: the file is clean. */
  | { type: 'CHECKED'; upload: BulkUploadView }
  /** Reported by the reading call: the API refused the file (its problems, or why). */
  | { type: 'REFUSED'; error: unknown }
  | { type: 'DOWNLOAD_ERRORS' }
  | { type: 'START' }
  /** The batch's progress (from the socket or the fallback poll). */
  | { type: 'PROGRESS'; progress: BatchProgress }
  /** The credits-expired dialog was closed; its way on (contact sales) taken. */
  | { type: 'DISMISS' }
  | { type: 'FOLLOW_UP' }
  | { type: 'RETRY' }
  | { type: 'VIEW_CASES' }
  /** Abandons the upload before the batch starts (aborts a request on its way). */
  | { type: 'CANCEL' }
  /** Closes the modal once the batch started: the batch keeps running. */
  | { type: 'CLOSE' };

// ---------------------------------------------------------------- Input and calls

export interface BulkUploadInput {
  options?: Partial<BulkUploadOptions>;
}

/** What the reading call is given. */
export interface ReadingInput {
  file: BulkFile;
}

/** What the starting call sends (POST /api/create-search-batch). */
export interface StartInput extends Omit<BulkOptions, never> {
  upload_id: string;
  name: string;
}

/** What POST /api/create-search-batch answers. */
export interface StartedBatch {
  batch: BatchView;
  message?: string;
}

// ---------------------------------------------------------------- Tags

/**
 * editable: the name and options can be changed (choosing, invalid, ready);
 * busy: a request is on its way (reading, uploading); running: the batch runs
 * (processing, paused for credits); creditsDialog: the credits-expired dialog shows.
 */
export type BulkUploadTag = 'editable' | 'busy' | 'running' | 'creditsDialog';
