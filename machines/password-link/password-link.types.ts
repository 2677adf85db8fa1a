/** Types of the reset-password and set-up-password statechart (password-link.machine.ts). */

// ---------------------------------------------------------------- Input

export type LinkKind = 'reset' | 'setup';

export interface PasswordLinkInput {
  kind: LinkKind;
  token: string | null;
}

// ---------------------------------------------------------------- Context

export interface PasswordLinkContext extends PasswordLinkInput {
  error: string | null;
  errorCode: string | null;
  email: string | null;
}
