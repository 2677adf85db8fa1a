/** Types of the API key deletion statechart (key-deletion.machine.ts). */
import type { ApiKeyView } from '../../common/api-keys';
import type { MessageId } from '../../common/messages';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Context

export interface KeyDeletionContext {
  /** The key the confirmation is about; null while closed. */
  key: ApiKeyView | null;
  password: string;
  /** The browser's own problem with the password (none typed). */
  problem: MessageId | null;
  /** The last refusal of the API and the field it names. */
  error: (ApiFailure & { field: string | null }) | null;
}

// ---------------------------------------------------------------- Events

export type KeyDeletionEvent =
  | { type: 'OPEN'; key: ApiKeyView }
  | { type: 'PASSWORD'; password: string }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' };

/** Told to the screen when the key is gone: it reloads the list and shows the message. */
export type KeyDeletionEmitted = { type: 'deleted'; answer: { code?: string; message?: string }; key: ApiKeyView };

// ---------------------------------------------------------------- Actor I/O

export interface DeleteKeyInput {
  id: string;
  password: string;
}
