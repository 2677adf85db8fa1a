/** Types of the credit top-up statechart (top-up.machine.ts). */
import type { CreditKind, Invoice } from '../../common/billing';
import type { MessageId } from '../../common/messages';
import type { ApiFailure } from '../shared/api-failure';

// ---------------------------------------------------------------- Context

export interface TopUpContext {
  kind: CreditKind;
  /** The number of packs as typed, so "0" or "x" can be refused with a message rather than silently changed. */
  packs: string;
  /** Why the packs typed cannot be bought (the API's own rule), after Buy was pressed. */
  packsProblem: MessageId | null;
  /** The API's refusal of the last purchase, shown in the confirmation. */
  refusal: ApiFailure | null;
  /** The invoice the last purchase issued. */
  invoice: Invoice | null;
}

// ---------------------------------------------------------------- Events

export type TopUpEvent =
  /** The kind or the number of packs changed. */
  | { type: 'EDIT'; kind?: CreditKind; packs?: string }
  /** Buy: the confirmation with the price opens when the packs are valid. */
  | { type: 'REVIEW' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

// ---------------------------------------------------------------- Actor I/O

/** The body of POST /api/billing/top-ups. */
export interface TopUpInput {
  kind: CreditKind;
  packs: number;
}

/** What POST /api/billing/top-ups answers: the message (done('top_up_invoiced')) with the invoice. */
export interface TopUpAnswer {
  code?: string;
  message?: string;
  values?: Record<string, string | number>;
  invoice: Invoice;
}

// ---------------------------------------------------------------- Tags

/** editable: the kind and packs can be changed; open: the confirmation shows; busy: the purchase is on its way. */
export type TopUpTag = 'editable' | 'open' | 'busy';

// ---------------------------------------------------------------- Provided actions

export interface TopUpDoneParams {
  answer: TopUpAnswer;
}
