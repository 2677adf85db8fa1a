/** Types of a transaction's page statechart (transaction.machine.ts). */
import type { AnalystStatus, TransactionAmlCase, TransactionDetail } from '../../common/transactions';
import type { ApiFailure } from '../shared/api-failure';
import type { TmAnswer } from './views';

// ---------------------------------------------------------------- Input

export interface TransactionInput {
  /** The transaction's reference id, from the address. */
  reference: string;
}

// ---------------------------------------------------------------- Context

export interface TransactionContext {
  reference: string;
  detail: TransactionDetail | null;
  /** The AML cases of its remitter and beneficiary, loaded when their tab is first shown. */
  cases: TransactionAmlCase[] | null;
  /** The status the analyst chose and is asked to confirm, then sent. */
  decision: AnalystStatus | null;
  /** The last load failure. */
  error: ApiFailure | null;
  casesError: ApiFailure | null;
  /** The last refused decision, shown in the confirmation. */
  decideError: ApiFailure | null;
}

// ---------------------------------------------------------------- Events

export type TransactionEvent =
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  /** The AML cases tab was shown. */
  | { type: 'SHOW_CASES' }
  /** An analyst's decision (accept, reject, under review...): asked to confirm first. */
  | { type: 'DECIDE'; status: AnalystStatus }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

// ---------------------------------------------------------------- Actor I/O

export interface DecideInput {
  reference_id: string;
  status: AnalystStatus;
}

export type DecideAnswer = TmAnswer & Partial<TransactionDetail>;

// ---------------------------------------------------------------- Tags

/** loading: the transaction is loading; failed: it could not be; confirming: a decision awaits confirmation; deciding: it is being sent; cases: the AML cases are loading. */
export type TransactionTag = 'loading' | 'failed' | 'confirming' | 'deciding' | 'casesLoading';
