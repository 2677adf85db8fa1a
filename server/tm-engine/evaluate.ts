/**
 * Evaluating the rules for one transaction: each compiled rule runs against the transaction and the state
 * (which must already hold it: call state.add(tx) first, so its own window counts it), and each rule that
 * holds becomes a RuleHit naming the party the alert is about, the accounts the pattern names, the
 * transactions behind it and the structured explanation.
 */
import { EXPLANATION_MAX_IDS, type ExplanationPart, type RuleHit } from '../../common/tm-rules';
import type { CompiledRule, EvalCtx, EvaluateContext } from './compile';
import { counterpartyAccount, customerAccount } from './fields';
import type { TxFacts } from './facts';
import type { TransferState } from './state';

export type { EvaluateContext };

export function evaluate(rules: readonly CompiledRule[], tx: TxFacts, state: TransferState, context: EvaluateContext = {}): RuleHit[] {
  const hits: RuleHit[] = [];
  const parts: ExplanationPart[] = [];
  const c: EvalCtx = { tx, state, env: context, parts, explain: true };
  for (const rule of rules) {
    parts.length = 0;
    if (!rule.test(c)) continue;
    hits.push(toHit(rule, tx, state, parts.slice()));
  }
  return hits;
}

/**
 * The party: the account a pattern is about (the hub, the pass-through account, the loop's origin, the
 * remitter of a repeated pair); else the subject of an aggregate (customer or account); else the customer.
 */
function toHit(rule: CompiledRule, tx: TxFacts, state: TransferState, parts: ExplanationPart[]): RuleHit {
  let party: string | null = null;
  const members = new Set<string>();
  const ids = new Set<string>([tx.id]);
  for (const part of parts) {
    if (part.kind === 'pattern') {
      if (party === null) party = part.account;
      else if (part.account !== party) members.add(part.account);
      for (const m of part.members) members.add(m);
    }
  }
  if (party === null) {
    for (const part of parts) if (part.kind === 'aggregate' && part.subject) {
      party = part.subject;
      break;
    }
  }
  party ??= tx.customer_id || customerAccount(tx) || tx.reference_id;
  members.delete(party);
  for (const part of parts) {
    if ((part.kind === 'pattern' || part.kind === 'aggregate') && ids.size < EXPLANATION_MAX_IDS) {
      for (const id of part.transaction_ids) {
        if (ids.size >= EXPLANATION_MAX_IDS) break;
        ids.add(id);
      }
    }
  }
  return {
    rule_id: rule.id,
    rule_version: rule.version,
    score: rule.score,
    action: rule.action,
    party_key: party,
    party_name: nameOf(party, tx, state),
    counterparty: party === tx.remitter_account ? (tx.beneficiary_account ?? null) : party === tx.beneficiary_account ? (tx.remitter_account ?? null) : party === tx.customer_id ? counterpartyAccount(tx) : null,
    members: [...members],
    transaction_ids: [...ids],
    explanation: { parts },
  };
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

function nameOf(party: string, tx: TxFacts, state: TransferState): string | null {
  if (party === tx.customer_id) {
    const name = [text(tx.customer_first_name), text(tx.customer_last_name)].filter(Boolean).join(' ');
    if (name) return name;
    return text(tx.direction === 'inbound' ? tx.beneficiary_name : tx.remitter_name);
  }
  if (party === tx.remitter_account) return text(tx.remitter_name);
  if (party === tx.beneficiary_account) return text(tx.beneficiary_name);
  // An account named only by the pattern: the name it carried on its latest transfer.
  const out = state.outByAccount.get(party);
  if (out && out.size) return text(out.txs[out.txs.length - 1].remitter_name);
  const inn = state.inByAccount.get(party);
  if (inn && inn.size) return text(inn.txs[inn.txs.length - 1].beneficiary_name);
  return null;
}
