/** Types of the one-request dialog statechart (dialog.machine.ts). */

// ---------------------------------------------------------------- Context

export interface DialogContext {
  /** What the dialog acts on (a user, a role), or null for "new". */
  target: unknown;
  error: string | null;
  errorCode: string | null;
  /** The request field the error is about, when the server names one. */
  errorField: string | null;
}

// ---------------------------------------------------------------- Events

export type DialogEvent =
  | { type: 'OPEN'; target?: unknown }
  | { type: 'CLOSE' }
  | { type: 'SUBMIT'; values: Record<string, unknown> }
  /** The user edited the form after an error: the stale message goes. */
  | { type: 'EDIT' };

export type DialogEmitted = { type: 'done'; output: unknown; target: unknown };
