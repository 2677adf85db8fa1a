/**
 * Invoices: issuing one (a month of a plan, or packs of credits), the list, one invoice, and the open ones
 * that follow the billing details or are replaced by a new plan. What an invoice grants is written on its
 * lines when it is issued (docs/billing.md, "Invoices"); paying it is mark-paid.ts.
 */
import {
  CREDIT_KINDS,
  CURRENCY,
  INVOICE_TERMS_DAYS,
  TOP_UP_PACKS,
  VAT_RATE_PERCENT,
  planDefinition,
  type BillingDetails,
  type CreditKind,
  type Invoice,
  type InvoiceKind,
  type InvoiceStatus,
} from '../../common/billing';
import { addMonths } from '../../common/monitoring';
import type { PlanName } from '../../common/organisation';
import { pageOfRows } from '../db/paged';
import type { OrgDb } from '../db/tenant';

/** An invoice as this module answers it: every field of the answer shape present. */
export type IssuedInvoice = Required<Invoice>;

/** A line as stored: what it costs and the credits it grants once paid. */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unit_cents: number;
  total_cents: number;
  grants: { kind: CreditKind; credits: number }[];
}

export interface InvoiceRow {
  id: string;
  organisation_id: string;
  number: string;
  kind: InvoiceKind;
  plan_name: PlanName | null;
  period_start: Date | string | null;
  period_end: Date | string | null;
  issued_at: Date | string;
  due_at: Date | string;
  status: InvoiceStatus;
  paid_at: Date | string | null;
  description: string;
  lines: InvoiceLine[] | string;
  subtotal_cents: number;
  vat_percent: number | string;
  vat_cents: number;
  total_cents: number;
  currency: string;
  buyer: BuyerSnapshot | string | null;
  collector: string;
}

/** The billing details an invoice is addressed to, copied onto it when it is issued. */
export type BuyerSnapshot = BillingDetails;

/** English names of the credit kinds, for invoices (which are in English, like the product's reports). */
export const CREDIT_KIND_NAMES: Record<CreditKind, string> = {
  aml_screening: 'AML Screening',
  media_watcher: 'Media Watcher',
  transaction_monitoring: 'Transaction Monitoring',
};

export const PLAN_TITLES: Record<PlanName, string> = { basic: 'Basic', plus: 'Plus' };

const iso = (d: Date | string) => new Date(d).toISOString();
const day = (d: Date | string) => iso(d).slice(0, 10);
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function linesOf(row: Pick<InvoiceRow, 'lines'>): InvoiceLine[] {
  return json(row.lines);
}

export function buyerOf(row: Pick<InvoiceRow, 'buyer'>): BuyerSnapshot | null {
  return row.buyer === null ? null : json(row.buyer);
}

/** Every grant of the invoice, one per kind. */
export function grantsOf(row: Pick<InvoiceRow, 'lines'>): { kind: CreditKind; credits: number }[] {
  const totals = new Map<CreditKind, number>();
  for (const line of linesOf(row)) for (const g of line.grants) totals.set(g.kind, (totals.get(g.kind) ?? 0) + g.credits);
  return CREDIT_KINDS.filter((k) => (totals.get(k) ?? 0) > 0).map((kind) => ({ kind, credits: totals.get(kind)! }));
}

export function toInvoice(row: InvoiceRow): IssuedInvoice {
  return {
    id: row.id,
    number: row.number,
    issued_at: iso(row.issued_at),
    due_at: iso(row.due_at),
    status: row.status,
    paid_at: row.paid_at ? iso(row.paid_at) : null,
    description: row.description,
    lines: linesOf(row).map(({ description, quantity, unit_cents, total_cents }) => ({ description, quantity, unit_cents, total_cents })),
    total_cents: Number(row.total_cents),
    currency: row.currency,
    kind: row.kind,
    plan_name: row.plan_name,
    period_start: row.period_start ? iso(row.period_start) : null,
    period_end: row.period_end ? iso(row.period_end) : null,
    grants: grantsOf(row),
  };
}

const COLUMNS = `i.id, i.organisation_id, i.number, i.kind, i.plan_name, i.period_start, i.period_end, i.issued_at, i.due_at, i.status, i.paid_at,
  i.description, i.lines, i.subtotal_cents, i.vat_percent, i.vat_cents, i.total_cents, i.currency, i.buyer, i.collector`;

/** The organisation's billing details as an invoice's buyer, or NULL (SQL, inside a statement bound to $org). */
const BUYER_SQL = `(SELECT to_jsonb(d) - 'organisation_id' - 'updated_at' - 'updated_by' FROM billing_details d WHERE d.organisation_id = $org)`;

// ---------------------------------------------------------------------------------------------------------------
// What an invoice charges
// ---------------------------------------------------------------------------------------------------------------

export interface InvoiceDraft {
  kind: InvoiceKind;
  description: string;
  lines: InvoiceLine[];
  plan_name?: PlanName;
  period?: { start: Date; end: Date };
}

/** A month of a plan from `start`: its price, and its monthly credits once paid. */
export function planDraft(plan: PlanName, start: Date): InvoiceDraft {
  const definition = planDefinition(plan);
  const end = addMonths(start, 1);
  const period = `${day(start)} to ${day(end)}`;
  const grants = CREDIT_KINDS.filter((k) => definition.credits[k] > 0).map((kind) => ({ kind, credits: definition.credits[kind] }));
  const credits = grants.map((g) => `${g.credits.toLocaleString('en')} ${CREDIT_KIND_NAMES[g.kind]}`).join(', ');
  return {
    kind: 'plan',
    plan_name: plan,
    period: { start, end },
    description: `${PLAN_TITLES[plan]} plan, ${period}`,
    lines: [{ description: `${PLAN_TITLES[plan]} plan, ${period} (credits: ${credits})`, quantity: 1, unit_cents: definition.price_cents, total_cents: definition.price_cents, grants }],
  };
}

/** Packs of credits of one kind. */
export function topUpDraft(kind: CreditKind, packs: number): InvoiceDraft {
  const pack = TOP_UP_PACKS.find((p) => p.kind === kind)!;
  const credits = pack.credits * packs;
  return {
    kind: 'top_up',
    description: `${credits.toLocaleString('en')} ${CREDIT_KIND_NAMES[kind]} credits`,
    lines: [
      {
        description: `${CREDIT_KIND_NAMES[kind]} credits, pack of ${pack.credits.toLocaleString('en')}`,
        quantity: packs,
        unit_cents: pack.price_cents,
        total_cents: pack.price_cents * packs,
        grants: [{ kind, credits }],
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------------------------

/**
 * Issues an invoice: the next number of the product's sequence, due INVOICE_TERMS_DAYS from now, addressed to
 * the organisation's billing details as they are. Call it in the transaction of the change that causes it.
 */
export async function insertInvoice(tx: OrgDb, draft: InvoiceDraft, meta: { collector: string; issuedBy: string | null; issuedAt?: Date }): Promise<IssuedInvoice> {
  const subtotal = draft.lines.reduce((sum, l) => sum + l.total_cents, 0);
  const vat = Math.round((subtotal * VAT_RATE_PERCENT) / 100);
  const row = await tx.one<InvoiceRow>(
    `WITH n AS (SELECT nextval('invoice_numbers')::text AS n)
     INSERT INTO invoices (organisation_id, number, kind, plan_name, period_start, period_end, issued_at, due_at, description, lines,
                           subtotal_cents, vat_percent, vat_cents, total_cents, currency, buyer, collector, issued_by)
     SELECT $org::uuid, 'INV-' || to_char(t.at AT TIME ZONE 'UTC', 'YYYY') || '-' || lpad(n.n, greatest(6, length(n.n)), '0'),
            $1::text, $2::text, $3::timestamptz, $4::timestamptz, t.at, t.at + make_interval(days => $5::int), $6::text, $7::jsonb,
            $8::int, $9::numeric, $10::int, $11::int, $12::text, ${BUYER_SQL}, $13::text, $14::uuid
       FROM n, (SELECT coalesce($15::timestamptz, now()) AS at) t
     RETURNING id, organisation_id, number, kind, plan_name, period_start, period_end, issued_at, due_at, status, paid_at,
               description, lines, subtotal_cents, vat_percent, vat_cents, total_cents, currency, buyer, collector`,
    [
      draft.kind,
      draft.plan_name ?? null,
      draft.period?.start.toISOString() ?? null,
      draft.period?.end.toISOString() ?? null,
      INVOICE_TERMS_DAYS,
      draft.description,
      JSON.stringify(draft.lines),
      subtotal,
      VAT_RATE_PERCENT,
      vat,
      subtotal + vat,
      CURRENCY,
      meta.collector,
      meta.issuedBy,
      meta.issuedAt?.toISOString() ?? null,
    ],
  );
  return toInvoice(row!);
}

/** A page of the organisation's invoices, newest first. */
export async function listInvoices(org: OrgDb, page: { page: number; page_size: number }) {
  const { rows, total } = await pageOfRows(org, {
    select: COLUMNS,
    from: 'invoices i',
    where: 'i.organisation_id = $org',
    orderBy: 'i.issued_at DESC, i.number DESC',
    params: [],
    page: page.page,
    pageSize: page.page_size,
  });
  return { rows: rows.map((r) => toInvoice(r as InvoiceRow)), total };
}

export async function findInvoiceRow(org: OrgDb, id: string): Promise<InvoiceRow | undefined> {
  return org.one<InvoiceRow>(`SELECT ${COLUMNS} FROM invoices i WHERE i.id = $1 AND i.organisation_id = $org`, [id]);
}

/** The organisation's invoice, locked until the transaction ends (paying it). */
export async function lockInvoiceRow(tx: OrgDb, id: string): Promise<InvoiceRow | undefined> {
  return tx.one<InvoiceRow>(`SELECT ${COLUMNS} FROM invoices i WHERE i.id = $1 AND i.organisation_id = $org FOR UPDATE`, [id]);
}

/** Marks an open invoice paid, now or (seeding a past payment) at a given moment. */
export async function setInvoicePaid(tx: OrgDb, id: string, by: string, at?: Date): Promise<InvoiceRow> {
  const row = await tx.one<InvoiceRow>(
    `UPDATE invoices i SET status = 'paid', paid_at = coalesce($3::timestamptz, now()), paid_by = $2
      WHERE i.id = $1 AND i.organisation_id = $org AND i.status = 'open' RETURNING ${COLUMNS}`,
    [id, by, at?.toISOString() ?? null],
  );
  return row!;
}

/**
 * Voids the open invoices of earlier plan months: a new plan replaces the month they charged for, and nothing
 * was granted for them. A paid one stays paid, and its credits stay. Answers the numbers voided.
 */
export async function voidOpenPlanInvoices(tx: OrgDb): Promise<string[]> {
  const rows = await tx.query<{ number: string }>(
    `UPDATE invoices SET status = 'void' WHERE organisation_id = $org AND kind = 'plan' AND status = 'open' RETURNING number`,
  );
  return rows.map((r) => r.number);
}

/** The month of the plan invoiced last (a void invoice's month was replaced): where the next month starts. */
export async function latestPlanPeriod(tx: OrgDb): Promise<{ start: Date; end: Date } | null> {
  const row = await tx.one<{ period_start: Date | string; period_end: Date | string }>(
    `SELECT period_start, period_end FROM invoices WHERE organisation_id = $org AND kind = 'plan' AND status <> 'void' ORDER BY period_start DESC LIMIT 1`,
  );
  return row ? { start: new Date(row.period_start), end: new Date(row.period_end) } : null;
}

/** Open invoices are addressed to the details as they are now; paid and void ones keep the buyer they had. */
export async function readdressOpenInvoices(tx: OrgDb): Promise<void> {
  await tx.query(`UPDATE invoices SET buyer = ${BUYER_SQL} WHERE organisation_id = $org AND status = 'open'`);
}
