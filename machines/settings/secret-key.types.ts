/** Types of the web hook secret key statechart (secret-key.machine.ts). */
import type { MessageId } from '../../common/messages';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Input

export interface SecretKeyInput {
  /** The session holds update_webhook_secret_key. */
  permitted: boolean;
}

// ---------------------------------------------------------------- Context

export interface SecretKeyContext {
  /** The session holds update_webhook_secret_key. */
  permitted: boolean;
  key: SecretKeyInfo | null;
  /** The full new key, kept only until the user dismisses it. */
  revealed: string | null;
  inputError: MessageId | null;
  error: ApiFailure | null;
}

// ---------------------------------------------------------------- Events

export type SecretKeyEvent =
  | { type: 'GENERATE' }
  | { type: 'SUBMIT_PASSWORD'; password: string }
  | { type: 'CANCEL' }
  | { type: 'DISMISS' }
  | { type: 'RETRY' };

// ---------------------------------------------------------------- Actor I/O

export interface SecretKeyInfo {
  has_key: boolean;
  masked_key: string | null;
  created_at: string | null;
  created_by: string | null;
  /**
   * Until when the previous key still signs deliveries (a second signature) after a new one was
   * generated, so receivers can switch keys without losing events; null outside that grace period.
   * Optional because the answer to generating a key may leave it out: the key is read again then.
   */
  previous_valid_until?: string | null;
}

export interface GeneratedKey extends SecretKeyInfo {
  secret_key: string;
  code?: string;
  message?: string;
}
