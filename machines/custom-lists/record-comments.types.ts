/**
 * Types of the record comments statechart (machines/custom-lists/record-comments.machine.ts): the
 * comments panel of a custom list record's page.
 */
import type { ListCommentView } from '../../common/custom-lists';
import type { MessageId } from '../../common/messages';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Context

/** A comment being edited: its id, the text as typed, and the problem found with it. */
export interface EditingComment {
  id: string;
  text: string;
  error: MessageId | null;
}

export interface RecordCommentsContext {
  recordId: string;
  /** The user holds post_comment_on_listing_entry. */
  permitted: boolean;
  /** The record and its list are live (a deleted one is read-only). */
  writable: boolean;
  comments: ListCommentView[];
  /** The comments have been loaded at least once. */
  loaded: boolean;
  /** The new comment as typed, and its problem (the browser's rule or the server's answer). */
  draft: string;
  draftError: MessageId | null;
  editing: EditingComment | null;
  /** The last failed request: loading, adding or saving. */
  error: ApiFailure | null;
}

// ---------------------------------------------------------------- Events

export type RecordCommentsEvent =
  | { type: 'TYPE'; text: string }
  | { type: 'ADD' }
  | { type: 'EDIT'; id: string }
  | { type: 'EDIT_TEXT'; text: string }
  | { type: 'EDIT_SAVE' }
  | { type: 'EDIT_CANCEL' }
  /** Read the comments again (after one was deleted in its dialog). */
  | { type: 'RELOAD' }
  /** The record's state changed (deleted meanwhile): comments are read-only from now on. */
  | { type: 'SYNC'; permitted: boolean; writable: boolean };

// ---------------------------------------------------------------- Input and calls

export interface RecordCommentsInput {
  recordId: string;
  permitted: boolean;
  writable: boolean;
}

export interface AddCommentInput {
  entry_id: string;
  text: string;
}

export interface UpdateCommentInput {
  id: string;
  text: string;
}

// ---------------------------------------------------------------- Tags

/** loading: the comments are being read; busy: a comment is being added or saved; composable: the new comment form is enabled. */
export type RecordCommentsTag = 'loading' | 'busy' | 'composable';
