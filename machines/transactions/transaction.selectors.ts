/** What a transaction's page reads from its statechart (transaction.machine.ts). */
import type { TransactionContext, TransactionTag } from './transaction.types';

interface Snapshot {
  context: TransactionContext;
  hasTag(tag: TransactionTag): boolean;
}

export const selectDetail = (s: Snapshot) => s.context.detail;
export const selectLoading = (s: Snapshot) => s.hasTag('loading');
export const selectLoadError = (s: Snapshot) => (s.hasTag('failed') ? s.context.error : null);
export const selectCases = (s: Snapshot) => s.context.cases;
export const selectCasesLoading = (s: Snapshot) => s.hasTag('casesLoading');
export const selectCasesError = (s: Snapshot) => s.context.casesError;
/** The decision awaiting confirmation or on its way, with its refusal if any. */
export const selectDecision = (s: Snapshot) => ({
  status: s.hasTag('confirming') || s.hasTag('deciding') ? s.context.decision : null,
  sending: s.hasTag('deciding'),
  error: s.context.decideError,
});
