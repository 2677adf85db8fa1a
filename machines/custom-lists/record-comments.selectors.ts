/** What the comments panel of a list record reads from the record-comments snapshot. */
import type { RecordCommentsContext, RecordCommentsTag } from './record-comments.types';

interface Snapshot {
  context: RecordCommentsContext;
  hasTag(tag: RecordCommentsTag): boolean;
  matches(value: any): boolean;
}

export const selectComments = (s: Snapshot) => s.context.comments;
export const selectLoaded = (s: Snapshot) => s.context.loaded;
export const selectLoading = (s: Snapshot) => s.hasTag('loading');
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
export const selectFailed = (s: Snapshot) => s.matches('failed');
export const selectDraft = (s: Snapshot) => ({ text: s.context.draft, error: s.context.draftError });
export const selectEditing = (s: Snapshot) => s.context.editing;
export const selectError = (s: Snapshot) => s.context.error;

/**
 * Why the new comment form is disabled, or null when it is enabled: without the permission the
 * specification's tooltip ('You don't have permission to comment on this listing entry.'); on a deleted
 * record or list, that it is read-only.
 */
export function selectCommentBlock(s: Snapshot): 'list_comment_permission' | 'read_only' | null {
  if (!s.context.permitted) return 'list_comment_permission';
  if (!s.context.writable) return 'read_only';
  return null;
}
