/** The facts of one transaction as the engine reads them. */
import type { TxField } from '../../common/tm-rules';

/**
 * One transaction: the identifying fields the engine indexes on, plus every TxField value the integrator sent
 * (missing ones read as null). Derived fields (customer_account, counterparty_*, hour_of_day, day_of_week)
 * are computed by the engine; a value given for them is ignored.
 */
export interface TxFacts {
  id: string;
  reference_id: string;
  /** The transaction's own time in ms since the epoch (not when it arrived). */
  occurred_at: number;
  customer_id: string | null;
  amount: number;
  currency: string;
  direction: 'inbound' | 'outbound';
  remitter_account: string | null;
  beneficiary_account: string | null;
  remitter_name?: string | null;
  beneficiary_name?: string | null;
  [k: string]: unknown;
}

export type { TxField };
