/** What the top-up card and its confirmation read from the top-up statechart (top-up.machine.ts). */
import { TOP_UP_PACKS, type TopUpPack } from '../../common/billing';
import { packCount } from './top-up.machine';
import type { TopUpContext, TopUpTag } from './top-up.types';

interface Snapshot {
  context: TopUpContext;
  hasTag(tag: TopUpTag): boolean;
}

export const selectKind = (s: Snapshot) => s.context.kind;
export const selectPacks = (s: Snapshot) => s.context.packs;
export const selectPacksProblem = (s: Snapshot) => s.context.packsProblem;
export const selectConfirmOpen = (s: Snapshot) => s.hasTag('open');
export const selectBuying = (s: Snapshot) => s.hasTag('busy');
export const selectRefusal = (s: Snapshot) => s.context.refusal;
export const selectInvoice = (s: Snapshot) => s.context.invoice;

/** What the values buy: the pack of the kind, the credits and the price (null while the packs are not valid). */
export function topUpQuote(context: Pick<TopUpContext, 'kind' | 'packs'>, packs: readonly TopUpPack[] = TOP_UP_PACKS) {
  const pack = packs.find((p) => p.kind === context.kind);
  const count = packCount(context.packs);
  if (!pack || count === null) return null;
  return { pack, packs: count, credits: pack.credits * count, price_cents: pack.price_cents * count };
}
