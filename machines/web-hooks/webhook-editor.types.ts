/** Types of the "Register a web hook" dialog statechart (webhook-editor.machine.ts). */
import type { MessageId } from '../../common/messages';
import type { WebhookType, WebhookView } from '../../common/webhooks';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Values

/** The fields of the dialog as typed; no type is chosen until the user picks one (section 5: type required). */
export interface WebhookValues {
  name: string;
  endpoint: string;
  type: WebhookType | '';
}

export type WebhookField = keyof WebhookValues;

export type WebhookProblems = Partial<Record<WebhookField, MessageId>>;

// ---------------------------------------------------------------- Context

export interface WebhookEditorContext {
  values: WebhookValues;
  /** Problems found in the browser before sending; each goes when its field is edited. */
  problems: WebhookProblems;
  /** The last refusal of the API and the field it names (a refused address names the endpoint). */
  error: (ApiFailure & { field: string | null }) | null;
}

// ---------------------------------------------------------------- Events

export type WebhookEditorEvent = { type: 'OPEN' } | { type: 'EDIT'; field: WebhookField; value: string } | { type: 'SUBMIT' } | { type: 'CLOSE' };

/** Told to the screen after a save: it reloads its list and shows the answer's message. */
export type WebhookEditorEmitted = { type: 'created'; answer: CreateWebhookAnswer };

// ---------------------------------------------------------------- Actor I/O

/** The request body of POST /api/webhook. */
export interface CreateWebhookInput {
  name: string;
  endpoint: string;
  type: WebhookType;
}

export interface CreateWebhookAnswer {
  code?: string;
  message?: string;
  /** The values the message names (the web hook's name). */
  values?: Record<string, string | number>;
  webhook?: WebhookView;
}
