/**
 * Types of the form statechart (machines/forms/form.machine.ts): what a form
 * holds, what it is told, what it starts from and the tags views ask about.
 */
import type { Struct } from 'superstruct';
import type { MessageId } from '../../common/messages';

// ---------------------------------------------------------------- Values and errors

/** The fields of a form as the view edits them (text, switches, lists, a file). */
export type FormValues = Record<string, unknown>;

/** A message id per field, for the fields that have a problem. */
export type FieldErrors = Partial<Record<string, MessageId>>;

// ---------------------------------------------------------------- Rules

/** What a form is checked with before it is sent: the API's own schema and rules, from common/. */
export interface FormRules<V extends FormValues> {
  /** The shared request schema (common/schemas/*) the values must pass, field by field. */
  schema?: Struct<any, any>;
  /** The request body the schema checks, when the form holds its values in another shape (lists, files). */
  body?: (values: V) => unknown;
  /** Checks that span fields or cannot be in the schema (common/case-input.ts, a chosen file). */
  check?: (values: V) => FieldErrors;
}

// ---------------------------------------------------------------- Context

export interface FormContext<V extends FormValues = FormValues> {
  values: V;
  /** Problems found in the browser before sending; each clears when its field is edited. */
  fieldErrors: FieldErrors;
  /** Problems the API's 4xx answer placed on a field (its `field`), by message id. */
  serverErrors: FieldErrors;
  /** The last failure's message (section 8's priority) and code, until the next submission. */
  error: string | null;
  errorCode: string | null;
  /** The field the last failure named, if any. */
  errorField: string | null;
  /** What the successful submission answered. */
  result: unknown;
}

// ---------------------------------------------------------------- Events

export type FormEvent<V extends FormValues = FormValues> =
  /** One field changed; with check, it is checked at once (a chosen file) and refused if it fails. */
  | { type: 'EDIT'; field: keyof V & string; value: unknown; check?: boolean }
  /** Send the form; forms whose fields live in the view pass them along. */
  | { type: 'SUBMIT'; values?: Partial<V> }
  /** Back to the first values (and a fresh start after a success). */
  | { type: 'RESET' }
  /** The halting refusal's dialog was closed. */
  | { type: 'DISMISS' }
  /** The halting refusal's dialog offered a way on (contact sales) and the user took it. */
  | { type: 'FOLLOW_UP' };

// ---------------------------------------------------------------- Input

export interface FormInput<V extends FormValues = FormValues> {
  /** Values that differ from the form's defaults on opening (a name carried in the address). */
  values?: Partial<V>;
}

// ---------------------------------------------------------------- Tags

/**
 * editable: the fields can be changed and sent (editing, or failed with the message);
 * busy: the request is on its way; failed: the last submission was refused;
 * halted: a refusal the form cannot fix is shown until dismissed; succeeded: sent.
 */
export type FormTag = 'editable' | 'busy' | 'failed' | 'halted' | 'succeeded';

// ---------------------------------------------------------------- Provided actions

/** What the success actions (notify, navigate) are given. */
export interface SuccessParams {
  result: unknown;
}
