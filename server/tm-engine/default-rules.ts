/**
 * The default rule set every organisation starts with (server/transactions/default-rules.ts seeds it; each
 * rule is documented in docs/transaction-rules.md with the typology it catches). The rules name typologies
 * a compliance officer recognises, with thresholds a person can read and change; they were measured on the
 * AMLSim samples and on a held-out synthetic set with other amounts and timings (scripts/bench-tm.ts) so
 * that they catch what they claim without being fitted to one simulator.
 */
import type { Expr, RuleDefinition } from '../../common/tm-rules';

export interface DefaultRule {
  /** Stable key: seeding matches an organisation's default rules by it. */
  key: string;
  name: string;
  description: string;
  typology: string;
  /** Why the pattern points at laundering (shown with the rule and in docs/transaction-rules.md). */
  why: string;
  score: number;
  definition: RuleDefinition;
  enabled: boolean;
}

/**
 * Transaction types that are ordinary business flows by their nature (card purchases at a merchant, bills,
 * payroll, rent, invoices...). The network rules look at transfers between accounts and leave these out, or
 * a supermarket would be a funnel account and every employer a scatter. An organisation whose integrator
 * uses other type names edits the list in each rule; a transaction without a type is not left out.
 */
export const BUSINESS_FLOW_TYPES: readonly string[] = ['purchase', 'bill', 'salary', 'payroll', 'pension', 'rent', 'invoice', 'refund', 'fee'];

const transfersOnly: Expr = { not: { in: { field: 'type', list: { values: [...BUSINESS_FLOW_TYPES] } } } };

/**
 * Fan and pass-through rules look at quiet accounts only: at most 20 transfers (received and sent) in the 90
 * days up to the transfer. Personal and mule accounts are quiet; a business collecting from or paying many
 * parties every week does so by trade and is watched by other means (its own segment, payroll lists).
 */
const QUIET = { count: 20, window: { amount: 90, unit: 'days' } } as const;

export const DEFAULT_RULES: ReadonlyArray<DefaultRule> = [
  {
    key: 'velocity_large',
    name: 'More than 3 transactions above 5,000 within 24 hours',
    description: 'A customer makes more than 3 transactions of more than 5,000 each within 24 hours.',
    typology: 'Velocity',
    why: "Many large transactions in a day move value faster than a customer's ordinary activity: placement of cash proceeds, an account taken over and emptied, or a mule account in use.",
    score: 40,
    enabled: true,
    definition: {
      version: 1,
      when: {
        compare: [{ aggregate: { fn: 'count', per: 'customer', direction: 'any', window: { amount: 24, unit: 'hours' }, where: { compare: [{ field: 'amount' }, '>', { value: 5000 }] } } }, '>', { value: 3 }],
      },
      action: 'review',
    },
  },
  {
    key: 'high_risk_country',
    name: 'Transfer with a high-risk country',
    description: 'The remitter or the beneficiary is in a jurisdiction the FATF lists for a call for action or increased monitoring.',
    typology: 'High-risk jurisdiction',
    why: 'FATF-listed jurisdictions have strategic deficiencies in their anti-money-laundering regimes; transfers with them call for enhanced due diligence.',
    score: 30,
    enabled: true,
    definition: {
      version: 1,
      when: { any: [{ in: { field: 'remitter_country', list: 'high_risk_countries' } }, { in: { field: 'beneficiary_country', list: 'high_risk_countries' } }] },
      action: 'review',
    },
  },
  {
    key: 'ip_bin_mismatch',
    name: "Card payment from another country than the card's",
    description: 'A card payment whose IP address is in another country than the card issuer (BIN country).',
    typology: 'Card fraud and mule activity',
    why: 'A card used from outside its issuing country points at stolen card details, an account taken over or a card handed to a mule.',
    score: 25,
    enabled: true,
    definition: {
      version: 1,
      when: { all: [{ compare: [{ field: 'payment_method' }, '=', { value: 'card' }] }, { fields_differ: ['ip_country', 'remitter_bin_country'] }] },
      action: 'review',
    },
  },
  {
    key: 'large_cash',
    name: 'Large cash transaction',
    description: 'A cash transaction of 10,000 or more.',
    typology: 'Cash placement',
    why: 'Large cash amounts are where criminal proceeds enter the financial system; many jurisdictions require a report from 10,000 (US currency transaction reports, EU cash declarations).',
    score: 40,
    enabled: true,
    definition: { version: 1, when: { all: [{ compare: [{ field: 'payment_method' }, '=', { value: 'cash' }] }, { compare: [{ field: 'amount' }, '>=', { value: 10000 }] }] }, action: 'review' },
  },
  {
    key: 'structuring',
    name: 'Split payments to the same beneficiary',
    description: 'The same remitter pays the same beneficiary 3 times or more within 24 hours, in amounts within 35% of each other.',
    typology: 'Structuring (split payments, smurfing)',
    why: 'One sum cut into parts of similar size paid to the same beneficiary in a day keeps each part under reporting and review thresholds; paying someone twice happens, three similar payments in a day rarely do.',
    score: 45,
    enabled: true,
    definition: { version: 1, when: { pattern: { kind: 'repeated_pair', window: { amount: 24, unit: 'hours' }, min_count: 3, similar_amounts: 0.35, where: transfersOnly } }, action: 'review' },
  },
  {
    key: 'fan_in',
    name: 'Funnel account: many senders of similar amounts',
    description: 'A quiet account (at most 20 transfers in 90 days) receives amounts within 10% of each other from 4 or more senders within 5 days.',
    typology: 'Fan-in (funnel account, gather)',
    why: 'Money from many people in similar amounts gathered into one personal account within days is how mule networks collect proceeds before moving them on.',
    score: 50,
    enabled: true,
    definition: {
      version: 1,
      when: { pattern: { kind: 'fan_in', window: { amount: 5, unit: 'days' }, min_counterparties: 4, similar_amounts: 0.1, max_activity: QUIET, where: transfersOnly } },
      action: 'review',
    },
  },
  {
    key: 'fan_out',
    name: 'Scatter: many receivers of similar amounts',
    description: 'A quiet account (at most 20 transfers in 90 days) sends amounts within 10% of each other to 5 or more receivers within 48 hours.',
    typology: 'Fan-out (scatter)',
    why: 'Splitting a sum into similar transfers to many accounts spreads it out of sight: the layering step of a scatter-gather scheme.',
    score: 50,
    enabled: true,
    definition: {
      version: 1,
      when: { pattern: { kind: 'fan_out', window: { amount: 48, unit: 'hours' }, min_counterparties: 5, similar_amounts: 0.1, max_activity: QUIET, where: transfersOnly } },
      action: 'review',
    },
  },
  {
    key: 'pass_through',
    name: 'Pass-through: collected, then sent on',
    description: 'A quiet account (at most 20 transfers in 90 days) receives from 3 or more senders, then sends to 2 or more receivers, within 5 days, the total sent within 5% of the total received.',
    typology: 'Pass-through (layering)',
    why: 'An account that collects and forwards the same value keeps nothing for itself: it is a conduit between where the money came from and where it goes.',
    score: 60,
    enabled: true,
    definition: { version: 1, when: { pattern: { kind: 'pass_through', window: { amount: 5, unit: 'days' }, min_senders: 3, min_receivers: 2, tolerance: 0.05, max_activity: QUIET, where: transfersOnly } }, action: 'hold' },
  },
  {
    key: 'scatter_after_receipt',
    name: 'Received, then split among many',
    description: 'A quiet account (at most 20 transfers in 90 days) receives money and, within 3 days and before receiving more, sends it on to 4 or more receivers, the total sent within 10% of what it received.',
    typology: 'Fan-out after fan-in (scatter-gather)',
    why: 'A sum that arrives and is at once divided among several accounts is the first hop of a scatter-gather or a mule network.',
    score: 55,
    enabled: true,
    definition: { version: 1, when: { pattern: { kind: 'pass_through', window: { amount: 3, unit: 'days' }, min_senders: 1, min_receivers: 4, tolerance: 0.1, max_activity: QUIET, where: transfersOnly } }, action: 'review' },
  },
  {
    key: 'cycle',
    name: 'Money returns to where it started',
    description: 'Transfers go from an account through 2 to 5 others and back to it within 30 days, each in turn, each amount within 5% of the one before.',
    typology: 'Round-tripping (cycle)',
    why: 'Money that comes back to its origin through other accounts served no payment purpose: the loop disguises where it came from or fakes turnover.',
    score: 70,
    enabled: true,
    definition: { version: 1, when: { pattern: { kind: 'cycle', window: { amount: 30, unit: 'days' }, min_hops: 3, max_hops: 6, tolerance: 0.05, where: transfersOnly } }, action: 'hold' },
  },
  {
    key: 'closed_loop',
    name: 'Closed loop of equal amounts',
    description: 'The same amount (within 2%) goes round a closed loop of 3 to 6 accounts within 180 days, whatever the order of the legs.',
    typology: 'Round-tripping (cycle)',
    why: 'A ring of accounts passing on the same amount is a structure built on purpose, even when its legs are spread over months and settle out of order.',
    score: 60,
    enabled: true,
    definition: { version: 1, when: { pattern: { kind: 'cycle', window: { amount: 180, unit: 'days' }, min_hops: 3, max_hops: 6, tolerance: 0.02, ordered: false, where: transfersOnly } }, action: 'review' },
  },
  {
    key: 'rapid_movement',
    name: 'Rapid movement of funds',
    description: 'An account sends on, within 48 hours and before receiving anything else, an amount within 3% of what it has just received.',
    typology: 'Rapid movement (mule account)',
    why: 'Money that leaves almost as soon as it arrived, in the same amount, is typical of mule accounts used to break the trail. Disabled by default: on its own it also flags people who pass on money for others (rent shares, family); enable it with a minimum amount that fits your customers.',
    score: 35,
    enabled: false,
    definition: { version: 1, when: { pattern: { kind: 'pass_through', window: { amount: 48, unit: 'hours' }, min_senders: 1, min_receivers: 1, tolerance: 0.03, where: transfersOnly } }, action: 'review' },
  },
  {
    key: 'structured_funnel',
    name: 'Funnel account fed by split payments',
    description: 'A transfer that is one of several from the same remitter to the same beneficiary within 24 hours, into an account that received similar amounts (within 10%) from 3 or more senders within 120 days.',
    typology: 'Fan-in of structured deposits (smurfing)',
    why: 'Several people each splitting payments into one account over months is smurfing into a funnel account. Disabled by default: where people often pay the same person twice a day it also flags friends and family; enable it for portfolios where that is rare.',
    score: 50,
    enabled: false,
    definition: {
      version: 1,
      when: {
        all: [
          { pattern: { kind: 'fan_in', window: { amount: 120, unit: 'days' }, min_counterparties: 3, similar_amounts: 0.1, where: transfersOnly } },
          { pattern: { kind: 'repeated_pair', window: { amount: 24, unit: 'hours' }, min_count: 2, similar_amounts: 0.35, where: transfersOnly } },
        ],
      },
      action: 'review',
    },
  },
];
