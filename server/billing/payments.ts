/**
 * How invoices are paid, behind one interface (docs/decisions.md, "Payment collection"). An invoice is issued
 * in the transaction of the change that causes it (a plan chosen, a top-up, a month renewed); once that has
 * committed, the collector in service is asked to collect it. The shipped collector is invoicing: the invoice
 * is the request for a bank transfer, so collect() answers 'pending' and the operator marks it paid when the
 * money arrives (`npm run billing -- mark-paid <number>`). A card processor would be a second collector that
 * charges and answers 'paid'; either way the credits are granted by markPaid, once.
 */
import { INVOICE_TERMS_DAYS, type Invoice, type PaymentMethod } from '../../common/billing';
import type { Deps } from '../deps';
import { markPaid } from './mark-paid';
import { sellerFromEnv, type Seller } from './seller';

export interface PaymentCollector {
  /** Stored on each invoice it issues (invoices.collector) and written as who paid it. */
  id: string;
  /**
   * How to pay, as data (BillingAnswer.payment_method): the billing page words it in the reader's language, so
   * no sentence is built here.
   */
  describe(): PaymentMethod;
  /**
   * Asked once the invoice is committed, outside any transaction (a charge may take seconds). 'paid': the
   * money is taken, and the invoice is marked paid at once; 'pending': it stays open until someone marks it.
   */
  collect(invoice: Invoice): Promise<'pending' | 'paid'>;
}

/** Invoicing: a bank transfer against the invoice, within its terms, quoting its number. */
export function invoiceCollector(seller: Seller = sellerFromEnv()): PaymentCollector {
  return {
    id: 'invoice',
    describe: () => ({
      type: 'invoice',
      terms_days: INVOICE_TERMS_DAYS,
      payee: seller.bank.accountName,
      iban: seller.bank.iban,
      bic: seller.bank.bic,
      email: seller.email,
    }),
    async collect() {
      return 'pending';
    },
  };
}

let inService: PaymentCollector | undefined;

/** The collector invoices are issued through. */
export function paymentCollector(): PaymentCollector {
  return (inService ??= invoiceCollector());
}

/** Puts another collector in service (a card processor's; tests). Invoices already issued keep theirs. */
export function usePaymentCollector(collector: PaymentCollector | undefined) {
  inService = collector;
}

/**
 * Asks the collector to collect a committed invoice; when it answers 'paid', marks the invoice paid (granting
 * its credits) and answers the paid invoice. A collector that fails leaves the invoice open, to be paid
 * another way: the change that issued it has happened.
 */
export async function collectInvoice(deps: Pick<Deps, 'db' | 'realtime' | 'log'>, invoice: Invoice, collector = paymentCollector()): Promise<Invoice> {
  let outcome: 'pending' | 'paid';
  try {
    outcome = await collector.collect(invoice);
  } catch (error) {
    deps.log.warn(`payment collector ${collector.id} could not collect invoice ${invoice.number}: ${(error as Error).message}`);
    return invoice;
  }
  if (outcome !== 'paid') return invoice;
  const paid = await markPaid(deps.db, { id: invoice.id }, collector.id, { realtime: deps.realtime });
  return paid.outcome === 'paid' ? paid.invoice : invoice;
}
