/**
 * What the custom list upload modal reads from the list-upload snapshot. The step decides which panel
 * shows; tags say whether the fields can be edited and whether the upload is on its way.
 */
import type { ListUploadContext, ListUploadTag } from './list-upload.types';

interface Snapshot {
  context: ListUploadContext;
  value: unknown;
  hasTag(tag: ListUploadTag): boolean;
  matches(value: any): boolean;
}

/** The panel of the modal. */
export type ListUploadStep = 'editing' | 'sending' | 'invalid' | 'failed' | 'done' | 'cancelled';

export const selectStep = (s: Snapshot): ListUploadStep => (typeof s.value === 'string' ? s.value : Object.keys(s.value as object)[0]) as ListUploadStep;
export const selectEditable = (s: Snapshot) => s.hasTag('editable');
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
/** Every byte is sent; the server reads and stores the rows. */
export const selectStoring = (s: Snapshot) => s.matches({ sending: 'storing' });
/** Adding records to an existing list (only a file is asked for). */
export const selectAppending = (s: Snapshot) => s.context.list !== null;
export const selectTargetList = (s: Snapshot) => s.context.list;

export const selectFields = (s: Snapshot) => ({ name: s.context.name, description: s.context.description, type: s.context.type });
export const selectFile = (s: Snapshot) => s.context.file;
export const selectFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectProblems = (s: Snapshot) => ({ problems: s.context.problems, count: s.context.problemCount });

/** The failure to show above the buttons: none when it is already shown under the field it is about. */
export function selectError(s: Snapshot) {
  const error = s.context.error;
  if (!error) return null;
  if (s.matches('invalid')) return null;
  const placed = Object.values(s.context.fieldErrors).some((code) => code && code === error.code);
  return placed ? null : error;
}

/** Percent of the file sent (0 to 100), or null before the first progress report. */
export function selectUploadPercent(s: Snapshot): number | null {
  const sent = s.context.sent;
  if (!sent || sent.total <= 0) return null;
  return Math.min(100, Math.round((sent.loaded / sent.total) * 100));
}
