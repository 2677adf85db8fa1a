/**
 * Recording an invoice's payment: the invoice becomes paid and the credits it grants are appended to the
 * credit ledger, in one transaction, exactly once. The operator's command finds an invoice by its number
 * (which names one invoice across the product), a payment collector by its id.
 *
 * A system module: an invoice number arrives without an organisation (from the operator, or a processor's
 * notification), so the invoice is first looked up across organisations on the raw database; everything
 * after that goes through its organisation's handle. Locks are taken organisation row first, then the
 * invoice (as a plan change does), so a payment and a plan change of one organisation never deadlock, and
 * two payments of one invoice take turns: the second reads it paid and is refused.
 */
import type { Invoice } from '../../common/billing';
import { isUuid } from '../../common/schemas/admin';
import { recordOrganisationAudit } from '../audit/record';
import type { Db } from '../db/client';
import { inTransaction } from '../db/tenant';
import { appendLedger } from '../organisations/ledger';
import type { Realtime } from '../realtime/bus';
import { announceOrganisationChange } from './announce';
import { grantsOf, lockInvoiceRow, setInvoicePaid, toInvoice } from './invoices';

export type MarkPaidResult =
  | { outcome: 'paid'; invoice: Invoice; organisationId: string; granted: { kind: string; credits: number; balance: number | null }[] }
  | { outcome: 'already_paid'; invoice: Invoice }
  | { outcome: 'void'; invoice: Invoice }
  | { outcome: 'not_found' };

/** Marks an invoice paid and grants its credits; refused (not thrown) when it is paid already, void or unknown. */
export async function markPaid(db: Db, ref: { id: string } | { number: string }, by: string, options: { realtime?: Realtime } = {}): Promise<MarkPaidResult> {
  const found =
    'id' in ref
      ? isUuid(ref.id)
        ? await db.one<{ id: string; organisation_id: string }>('SELECT id, organisation_id FROM invoices WHERE id = $1', [ref.id])
        : undefined
      : await db.one<{ id: string; organisation_id: string }>('SELECT id, organisation_id FROM invoices WHERE number = $1', [ref.number.trim().toUpperCase()]);
  if (!found) return { outcome: 'not_found' };

  const result = await db.transaction(async (raw): Promise<MarkPaidResult> => {
    const tx = inTransaction(raw, found.organisation_id);
    await tx.one('SELECT o.id FROM organisations o WHERE o.id = $org FOR NO KEY UPDATE OF o');
    const row = await lockInvoiceRow(tx, found.id);
    if (!row) return { outcome: 'not_found' };
    if (row.status === 'paid') return { outcome: 'already_paid', invoice: toInvoice(row) };
    if (row.status === 'void') return { outcome: 'void', invoice: toInvoice(row) };
    const paid = await setInvoicePaid(tx, row.id, by);
    const granted = [];
    for (const grant of grantsOf(paid)) {
      // A plan's monthly credits are a grant; a top-up's are a purchase (common/billing.ts LEDGER_ENTRIES).
      const { balance } = await appendLedger(tx, {
        kind: grant.kind,
        entry: paid.kind === 'plan' ? 'grant' : 'purchase',
        amount: grant.credits,
        reason: paid.kind === 'plan' ? 'plan' : 'top_up',
        actorId: null,
        subject: { type: 'invoice', id: paid.id, label: paid.number },
      });
      granted.push({ kind: grant.kind, credits: grant.credits, balance });
    }
    await recordOrganisationAudit(tx, {
      action: 'billing.invoice_paid',
      target_type: 'invoice',
      target_id: paid.id,
      details: { number: paid.number, by, total_cents: Number(paid.total_cents), currency: paid.currency, granted },
    });
    return { outcome: 'paid', invoice: toInvoice(paid), organisationId: found.organisation_id, granted };
  });

  // The organisation's open browsers read their credits from the session: they refresh it.
  if (result.outcome === 'paid' && options.realtime) await announceOrganisationChange({ realtime: options.realtime }, result.organisationId).catch(() => undefined);
  return result;
}

export interface OpenInvoiceLine {
  number: string;
  organisation: string;
  description: string;
  total_cents: number;
  currency: string;
  issued_at: string;
  due_at: string;
  overdue: boolean;
}

/** Every open invoice of every organisation, oldest first: what the operator matches incoming transfers against. */
export async function listOpenInvoices(db: Db): Promise<OpenInvoiceLine[]> {
  const rows = await db.query<{ number: string; organisation: string; description: string; total_cents: number; currency: string; issued_at: Date; due_at: Date; overdue: boolean }>(
    `SELECT i.number, o.name AS organisation, i.description, i.total_cents, i.currency, i.issued_at, i.due_at, i.due_at < now() AS overdue
       FROM invoices i JOIN organisations o ON o.id = i.organisation_id
      WHERE i.status = 'open'
      ORDER BY i.issued_at, i.number`,
  );
  return rows.map((r) => ({ ...r, total_cents: Number(r.total_cents), issued_at: new Date(r.issued_at).toISOString(), due_at: new Date(r.due_at).toISOString() }));
}
