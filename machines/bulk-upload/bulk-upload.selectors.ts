/**
 * What the upload modal reads from the bulk-upload snapshot. The step decides
 * which panel shows; tags say whether the fields can be edited and whether a
 * request is on its way, so the chart can grow states without the view changing.
 */
import { batchDone, secondsLeft, type BatchProgress } from '../../common/bulk';
import type { BulkUploadContext, BulkUploadTag } from './bulk-upload.types';

interface Snapshot {
  context: BulkUploadContext;
  value: unknown;
  hasTag(tag: BulkUploadTag): boolean;
  matches(value: any): boolean;
}

/** The panel of the modal. */
export type BulkUploadStep = 'choosing' | 'reading' | 'invalid' | 'ready' | 'uploading' | 'processing' | 'pausedForCredits' | 'done' | 'failed' | 'cancelled';

export const selectStep = (s: Snapshot): BulkUploadStep => (typeof s.value === 'string' ? s.value : Object.keys(s.value as object)[0]) as BulkUploadStep;
export const selectEditable = (s: Snapshot) => s.hasTag('editable');
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
export const selectRunning = (s: Snapshot) => s.hasTag('running');
export const selectCreditsDialog = (s: Snapshot) => s.hasTag('creditsDialog');
/** Every byte sent, the server reads the rows. */
export const selectChecking = (s: Snapshot) => s.matches({ reading: 'checking' });

export const selectFile = (s: Snapshot) => s.context.file;
export const selectName = (s: Snapshot) => s.context.name;
export const selectOptions = (s: Snapshot) => s.context.options;
export const selectFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectError = (s: Snapshot) => s.context.error;
export const selectCanRetry = (s: Snapshot) => s.matches('failed') && s.context.failedAt !== null;

/** Percent of the file sent (0 to 100), or null before the first progress report. */
export function selectUploadPercent(s: Snapshot): number | null {
  const sent = s.context.sent;
  if (!sent || sent.total <= 0) return null;
  return Math.min(100, Math.round((sent.loaded / sent.total) * 100));
}

/** Rows checked in the clean file, or null before. */
export const selectRows = (s: Snapshot) => s.context.upload?.rows ?? null;
export const selectProblems = (s: Snapshot) => ({ problems: s.context.problems, count: s.context.problemCount });
/** Rows of the checked file that will not be screened (an impossible birth date, an unknown country), with their problems. */
export const selectFailedRows = (s: Snapshot) => {
  const upload = s.context.upload;
  return upload?.failed_rows ? { count: upload.failed_rows, problems: upload.row_problems ?? [], fileName: upload.file_name } : null;
};
export const selectBatch = (s: Snapshot) => s.context.batch;
export const selectBatchName = (s: Snapshot) => s.context.batchName;

export interface ProgressFigures {
  done: number;
  total: number;
  success: number;
  failed: number;
  /** 0 to 100. */
  percent: number;
  rowsPerSecond: number | null;
  secondsLeft: number | null;
  paused: BatchProgress['paused_reason'];
}

/** A batch's progress as the progress bar shows it (also for the table's rows). */
export function progressFigures(p: BatchProgress): ProgressFigures {
  const done = batchDone(p);
  return {
    done,
    total: p.total_count,
    success: p.success_count,
    failed: p.failed_count,
    percent: p.total_count > 0 ? Math.min(100, Math.floor((done / p.total_count) * 100)) : 0,
    rowsPerSecond: p.rows_per_second,
    secondsLeft: p.seconds_left ?? secondsLeft(p, p.rows_per_second),
    paused: p.phase === 'paused' ? (p.paused_reason ?? 'credits') : null,
  };
}

export const selectProgress = (s: Snapshot): ProgressFigures | null => (s.context.batch ? progressFigures(s.context.batch) : null);
