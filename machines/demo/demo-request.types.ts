/** Types of the "Request full account" dialog statechart (demo-request.machine.ts). */
import type { MessageId } from '../../common/messages';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Values

/** The fields of the dialog as typed. */
export interface RequestValues {
  name: string;
  company: string;
  email: string;
  phone: string;
  message: string;
}

export type RequestField = keyof RequestValues;

export type RequestProblems = Partial<Record<RequestField, MessageId>>;

// ---------------------------------------------------------------- Context

export interface DemoRequestContext {
  values: RequestValues;
  /** Problems found in the browser before sending; each goes when its field is edited. */
  problems: RequestProblems;
  /** The last refusal of the API and the field it names. */
  error: (ApiFailure & { field: string | null }) | null;
  /** The confirmation the API answered, shown until the dialog is closed. */
  confirmation: RequestAnswer | null;
}

// ---------------------------------------------------------------- Events

export type DemoRequestEvent =
  | { type: 'OPEN' }
  | { type: 'EDIT'; field: RequestField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' };

// ---------------------------------------------------------------- Actor I/O

/** The request body of POST /api/demo-user-request: optional fields left out when empty. */
export interface RequestInput {
  name: string;
  company: string;
  email: string;
  phone?: string;
  message?: string;
}

/** What POST /api/demo-user-request answers (done()): the confirmation in English, with its code and values to translate it. */
export interface RequestAnswer {
  code: string;
  message: string;
  values?: Record<string, string | number>;
}
