import type { AuthState, LoginAnswer, OtpChallenge } from '../../common/session';

// ---------------------------------------------------------------- Events

export type SessionEvent =
  | { type: 'LOGIN'; email: string; password: string }
  | { type: 'SIGNUP'; name: string; email: string; company_name: string; password: string }
  | { type: 'SECRET_LOGIN'; user_secret: string }
  /** /verify-otp opened with a challenge kept from before a reload. */
  | { type: 'RESUME_OTP'; otp_token: string }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'RESEND_CODE' }
  | { type: 'CANCEL' }
  | { type: 'REFRESH' }
  /** A call that returns a fresh auth state (profile, two-factor set-up). */
  | { type: 'SESSION_UPDATED'; session: AuthState }
  | { type: 'LOGOUT' }
  /** Any call except login and refresh answered 401. */
  | { type: 'UNAUTHORIZED'; message: string }
  /** The token's lifetime has run out while the app was open. */
  | { type: 'TOKEN_EXPIRED' };

// ---------------------------------------------------------------- Input

export interface SessionInput {
  /** The session kept in local storage by an earlier visit, if any. */
  stored?: AuthState | null;
}

// ---------------------------------------------------------------- Context

export interface SessionContext {
  session: AuthState | null;
  challenge: Pick<OtpChallenge, 'otp_token' | 'authentication_type' | 'email' | 'can_use_email' | 'expires_at'> | null;
  /** The last error message, shown by the view that caused it. */
  error: string | null;
  /** The message id of that error, when the server named one, so the view can show it translated. */
  errorCode?: string | null;
  /** The values its message needs (e.g. the minutes to wait of a 429). */
  errorValues?: Record<string, number> | null;
  /** Why the user is signed out: drives the notice on the login page. */
  reason: 'expired' | 'logged_out' | 'unauthorised' | null;
}

// ---------------------------------------------------------------- Actor I/O

export type LoginInput =
  | { kind: 'password'; email: string; password: string }
  | { kind: 'signup'; name: string; email: string; company_name: string; password: string }
  | { kind: 'secret'; user_secret: string };

export interface VerifyInput {
  method: 'email' | 'app';
  otp_token: string;
  code: string;
}

export type { AuthState, LoginAnswer };

export type { ApiFailure } from '../shared/api-failure';
