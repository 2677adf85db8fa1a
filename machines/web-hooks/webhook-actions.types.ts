/** Types of the web hook one-click actions statechart (webhook-actions.machine.ts). */
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Actions

/**
 * test: send a webhook.test event to one endpoint; enable / disable: switch an endpoint on or off;
 * replay: send a past delivery's event again. Each is one request without a form.
 */
export type WebhookActionKind = 'test' | 'enable' | 'disable' | 'replay';

/** One action on one record: a web hook's id (test, enable, disable) or a delivery's (replay). */
export interface WebhookAction {
  kind: WebhookActionKind;
  id: string;
}

// ---------------------------------------------------------------- Context

export interface WebhookActionsContext {
  /** The action on its way, so the screen can show which button is busy; null when none is. */
  running: WebhookAction | null;
}

// ---------------------------------------------------------------- Events

export type WebhookActionsEvent = { type: 'RUN'; action: WebhookAction };

/** An action's answer: its message id, the English text and the values the message names. */
export interface ActionAnswer {
  code?: string;
  message?: string;
  values?: Record<string, string | number>;
}

/** Told to the screen after each action: a snack bar with the answer's message or the failure's, and a reload. */
export type WebhookActionsEmitted =
  | { type: 'done'; action: WebhookAction; answer: ActionAnswer }
  | { type: 'failed'; action: WebhookAction; error: ApiFailure & { values: Record<string, string | number> | null } };
