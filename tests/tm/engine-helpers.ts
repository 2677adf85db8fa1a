/** Hand-made transaction sequences for the engine tests: one builder, times in hours from a fixed start. */
import type { RuleDefinition, Expr } from '../../common/tm-rules';
import { TransferState, compileRule, evaluate, horizonOf, type EvaluateContext, type RuleHit, type TxFacts } from '../../server/tm-engine';

export const T0 = Date.UTC(2026, 0, 5, 0, 0, 0);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const at = (hours: number) => T0 + hours * HOUR;

let seq = 0;
/** A transfer from → to of `amount` at `hours` after T0; outbound for the remitter's customer unless told. */
export function tx(from: string | null, to: string | null, amount: number, hours: number, extra: Partial<TxFacts> = {}): TxFacts {
  const id = extra.id ?? `T${++seq}`;
  const direction = extra.direction ?? 'outbound';
  return {
    id,
    reference_id: id,
    occurred_at: at(hours),
    customer_id: direction === 'outbound' ? (from ? `C-${from}` : null) : to ? `C-${to}` : null,
    amount,
    currency: 'EUR',
    direction,
    remitter_account: from,
    beneficiary_account: to,
    ...extra,
  };
}

export function rule(when: Expr, extra: Partial<RuleDefinition> = {}, id = 'R1', score = 10) {
  return compileRule({ id, version: 1, score, definition: { version: 1, when, ...extra } });
}

/**
 * Feeds the transactions in the order given (add, then evaluate, as the server does) and returns the hits of
 * each, by transaction id.
 */
export function run(when: Expr | ReturnType<typeof rule>[], txs: TxFacts[], context: EvaluateContext = {}): Map<string, RuleHit[]> {
  const rules = Array.isArray(when) ? when : [rule(when)];
  const state = new TransferState({ horizonMs: Math.max(horizonOf(rules), DAY) });
  const out = new Map<string, RuleHit[]>();
  for (const t of txs) {
    state.add(t);
    out.set(t.id, evaluate(rules, t, state, context));
  }
  return out;
}

/** Ids of the transactions on which the rule fired, in feeding order. */
export function fired(when: Expr | ReturnType<typeof rule>[], txs: TxFacts[], context: EvaluateContext = {}): string[] {
  const hits = run(when, txs, context);
  return txs.filter((t) => hits.get(t.id)!.length > 0).map((t) => t.id);
}
