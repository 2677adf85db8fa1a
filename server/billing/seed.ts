/**
 * First-start billing of the seeded plan-billing organisation (Harbour Trading, server/db/seed.ts), so Manage
 * Payments shows real records: its billing details, the paid invoice of its basic plan's current month and
 * an open top-up invoice waiting for a transfer. Run once, right after the seed made the organisations.
 *
 * The seed's month of credit history (server/organisations/seed-ledger.ts) already holds the plan's credits,
 * granted when the first plan invoice was paid: that invoice is written paid at that moment, its credits being
 * those rows. Without such a history the invoice is issued now and paid through markPaid, which grants them.
 *
 * A system module: seeding finds the organisation by its slug, across organisations.
 */
import type { Db } from '../db/client';
import { forOrganisation } from '../db/tenant';
import { saveDetails } from './details';
import { insertInvoice, planDraft, setInvoicePaid, topUpDraft } from './invoices';
import { markPaid } from './mark-paid';

export const SEED_BILLING_DETAILS = {
  company_name: 'Harbour Trading Ltd',
  billing_email: 'accounts@harbour-trading.example',
  address_line1: '12 Quay Street',
  address_line2: 'Floor 3',
  city: 'Bristol',
  postcode: 'BS1 4DJ',
  country: 'GB',
  vat_number: 'GB123456789',
};

export async function seedBilling(db: Db): Promise<void> {
  const harbour = await db.one<{ id: string; plan_name: 'basic' | 'plus' }>(
    `SELECT id, plan_name FROM organisations WHERE slug = 'harbour' AND billing_type = 'plan' AND plan_name IS NOT NULL`,
  );
  if (!harbour) return;
  const org = forOrganisation(db, harbour.id);
  const granted = await org.one<{ at: Date | string | null }>(`SELECT min(created_at) AS at FROM credit_ledger WHERE organisation_id = $org AND reason = 'plan'`);
  const paidAt = granted?.at ? new Date(granted.at) : null;
  const planInvoice = await org.transaction(async (tx) => {
    await saveDetails(tx, SEED_BILLING_DETAILS, null);
    const invoice = await insertInvoice(tx, planDraft(harbour.plan_name, paidAt ?? new Date()), { collector: 'invoice', issuedBy: null, ...(paidAt ? { issuedAt: paidAt } : {}) });
    if (paidAt) await setInvoicePaid(tx, invoice.id, 'seed', paidAt);
    return invoice;
  });
  if (!paidAt) await markPaid(db, { id: planInvoice.id }, 'seed');
  await org.transaction((tx) => insertInvoice(tx, topUpDraft('aml_screening', 2), { collector: 'invoice', issuedBy: null }));
}
