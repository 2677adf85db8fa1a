/**
 * How the billing screens say things: credit kinds, ledger entries and reasons, plan names and features in
 * the user's language, money in the invoice's currency, and the colour of each credit kind. The colours are
 * shades of the brand palette, so a white-label scheme recolours the cards and the charts with the rest.
 */
import { Badge } from '@chakra-ui/react';
import type { IntlShape } from 'react-intl';
import { FormattedMessage } from 'react-intl';
import type { CreditKind, Invoice, InvoiceStatus, LedgerEntry, LedgerReason, PlanFeature } from '@common/billing';
import { ownEntry } from '@common/lookup';
import type { PlanName } from '@common/organisation';

export const kindLabel = (intl: IntlShape, kind: CreditKind) => intl.formatMessage({ id: `billing.kind.${kind}` });
export const entryLabel = (intl: IntlShape, entry: LedgerEntry) => intl.formatMessage({ id: `billing.entry.${entry}` });
export const reasonLabel = (intl: IntlShape, reason: LedgerReason) => intl.formatMessage({ id: `billing.reason.${reason}` });
export const planLabel = (intl: IntlShape, plan: PlanName) => intl.formatMessage({ id: `billing.plan.${plan}` });
export const featureLabel = (intl: IntlShape, feature: PlanFeature) => intl.formatMessage({ id: `billing.feature.${feature.replace(/-/g, '_')}` });

/**
 * What an invoice is for, in the user's language, from its kind, plan, period and grants: "Plus plan, 27 Nov 2026
 * to 27 Dec 2026", "100 Media Watcher credits". The period's dates are UTC days, as the invoice itself prints
 * them. The server's English description is the fallback for an invoice without those fields.
 */
export function invoiceDescription(intl: IntlShape, invoice: Invoice): string {
  const day = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' });
  if (invoice.kind === 'plan' && invoice.plan_name && invoice.period_start && invoice.period_end) {
    return intl.formatMessage({ id: 'billing.invoices.describe.plan' }, { plan: planLabel(intl, invoice.plan_name), from: day(invoice.period_start), to: day(invoice.period_end) });
  }
  if (invoice.kind === 'top_up' && invoice.grants?.length) {
    return intl.formatList(
      invoice.grants.map((g) => intl.formatMessage({ id: 'billing.invoices.describe.credits' }, { credits: g.credits, kind: kindLabel(intl, g.kind) })),
      { type: 'conjunction' },
    );
  }
  return invoice.description;
}

/** Euro cents (or another currency's minor unit) as money in the user's language. */
export const money = (intl: IntlShape, cents: number, currency: string) => intl.formatNumber(cents / 100, { style: 'currency', currency });

/** The shade of the brand palette each credit kind is drawn in (cards, bars, lines). */
export const KIND_COLOURS: Record<CreditKind, string> = {
  aml_screening: 'brand.700',
  media_watcher: 'brand.400',
  transaction_monitoring: 'brand.200',
};

const STATUS_PALETTES: Record<InvoiceStatus, string> = { open: 'orange', paid: 'green', void: 'gray' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge colorPalette={ownEntry(STATUS_PALETTES, status) ?? 'gray'} variant="subtle" data-testid="invoice-status" data-status={status}>
      <FormattedMessage id={`billing.invoice_status.${status}`} />
    </Badge>
  );
}
