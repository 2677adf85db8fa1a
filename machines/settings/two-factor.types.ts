/** Types of the statechart that switches a second factor on or off from Settings (two-factor.machine.ts). */
import type { MessageId } from '../../common/messages';
import type { AuthState } from '../../common/session';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Input

export type TwoFactorMethod = 'email' | 'app';

export interface TwoFactorInput {
  method: TwoFactorMethod;
  /** Whether the session has this factor on now. */
  enabled: boolean;
}

// ---------------------------------------------------------------- Context

export interface TwoFactorContext {
  method: TwoFactorMethod;
  enabled: boolean;
  setup: StartAnswer | null;
  /** A message id of a local check (code format, missing password). */
  inputError: MessageId | null;
  error: ApiFailure | null;
}

// ---------------------------------------------------------------- Events

export type TwoFactorEvent =
  | { type: 'ENABLE' }
  | { type: 'DISABLE' }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'SUBMIT_PASSWORD'; password: string }
  /** E-mail only: send a new code. */
  | { type: 'RESEND' }
  | { type: 'CANCEL' }
  /** The session changed elsewhere (another tab, a refresh): follow its flag. */
  | { type: 'SYNC'; enabled: boolean };

export type TwoFactorEmitted = { type: 'changed'; session: AuthState; enabled: boolean };

// ---------------------------------------------------------------- Actor I/O

export interface StartAnswer {
  /** The authenticator app's secret (base32), its otpauth URL and a QR code image (data URL). */
  secret?: string;
  otpauth_url?: string;
  qr_code?: string;
}
