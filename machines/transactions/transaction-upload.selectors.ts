/** What the "Upload transactions" dialog reads from its statechart (transaction-upload.machine.ts). */
import type { TransactionUploadContext, TransactionUploadTag } from './transaction-upload.types';

interface Snapshot {
  context: TransactionUploadContext;
  value: unknown;
  hasTag(tag: TransactionUploadTag): boolean;
  matches(value: any): boolean;
}

/** The panel of the dialog. */
export type TransactionUploadStep = 'editing' | 'sending' | 'invalid' | 'failed' | 'stored' | 'closed';

export const selectStep = (s: Snapshot): TransactionUploadStep => (typeof s.value === 'string' ? s.value : Object.keys(s.value as object)[0]) as TransactionUploadStep;
export const selectEditable = (s: Snapshot) => s.hasTag('editable');
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
/** Every byte is sent; the server checks, decides and stores the rows. */
export const selectStoring = (s: Snapshot) => s.matches({ sending: 'storing' });
export const selectFile = (s: Snapshot) => s.context.file;
export const selectFileError = (s: Snapshot) => s.context.fileError;
export const selectProblems = (s: Snapshot) => s.context.problems;
export const selectResult = (s: Snapshot) => s.context.result;
/** The failure to show above the buttons: none when it is the file's own (shown under the file) or its problems. */
export function selectError(s: Snapshot) {
  const error = s.context.error;
  if (!error || s.matches('invalid') || (error.code && error.code === s.context.fileError)) return null;
  return error;
}

/** Percent of the file sent (0 to 100), or null before the first progress report. */
export function selectUploadPercent(s: Snapshot): number | null {
  const sent = s.context.sent;
  if (!sent || sent.total <= 0) return null;
  return Math.min(100, Math.round((sent.loaded / sent.total) * 100));
}

/** How many stored transactions ended in each status, for the summary. */
export function selectStatusCounts(s: Snapshot): [string, number][] {
  const counts = new Map<string, number>();
  for (const r of s.context.result?.results ?? []) if (!r.duplicate) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}
