/**
 * Customers (spec section 7 "transactions/customers-list", "transactions/customer-update-bulk";
 * docs/transaction-monitoring.md, "Customers"): made and kept up to date by the transactions that name them
 * (counts, totals in and out, first and last seen, and the details a transaction carries when the customer has
 * none yet), and by customer-update-bulk, whose details win over what transactions filled in. The listing and
 * the profile read them with their transactions, alerts and counterparties.
 */
import { customerName, type CustomerCounterparty, type CustomerProfile, type CustomerRow, type CustomerRiskLevel, type CustomerType } from '../../common/transactions';
import type { CustomerListQueryValue, NormalisedCustomer, NormalisedTransaction } from '../../common/schemas/transactions';
import { likePattern } from '../db/like';
import { pageOfRows, sqlParams } from '../db/paged';
import type { OrgDb } from '../db/tenant';
import { ApiError } from '../http/errors';
import { partyEntityType } from './screening';
import { TRANSACTION_ROW_COLUMNS, toTransactionRow } from './transactions-data';

interface CustomerDelta {
  customer_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  country: string | null;
  customer_type: CustomerType;
  first_seen_at: string;
  last_seen_at: string;
  transaction_count: number;
  total_in: number;
  total_out: number;
}

/**
 * Adds a batch's transactions to their customers (one statement for the batch): counts and totals add up,
 * first and last seen widen, and details fill only what the customer does not have yet.
 */
export async function recordCustomerActivity(tx: OrgDb, items: readonly { input: NormalisedTransaction; occurred_at: Date }[]): Promise<void> {
  const byCustomer = new Map<string, CustomerDelta>();
  for (const { input, occurred_at } of items) {
    if (!input.customer_id) continue;
    const at = occurred_at.toISOString();
    // The customer's side of the transfer: the remitter when money goes out, the beneficiary when it comes in.
    const outbound = input.direction === 'outbound';
    const sideName = outbound ? input.remitter_name : input.beneficiary_name;
    const sideCountry = outbound ? input.remitter_country : input.beneficiary_country;
    const hasOwnName = Boolean(input.customer_first_name || input.customer_last_name);
    let d = byCustomer.get(input.customer_id);
    if (!d) {
      d = {
        customer_id: input.customer_id,
        first_name: null,
        last_name: null,
        email: null,
        country: null,
        customer_type: 'person',
        first_seen_at: at,
        last_seen_at: at,
        transaction_count: 0,
        total_in: 0,
        total_out: 0,
      };
      byCustomer.set(input.customer_id, d);
    }
    // The latest transaction's details win within a batch.
    if (at >= d.last_seen_at || !d.first_name) {
      if (hasOwnName) {
        d.first_name = input.customer_first_name;
        d.last_name = input.customer_last_name;
      } else if (sideName && !d.first_name) {
        d.first_name = sideName;
      }
      d.email = input.email ?? d.email;
      d.country = sideCountry ?? d.country;
      d.customer_type = hasOwnName ? 'person' : sideName ? (partyEntityType(sideName) === 'company' ? 'company' : 'person') : d.customer_type;
    }
    if (at < d.first_seen_at) d.first_seen_at = at;
    if (at > d.last_seen_at) d.last_seen_at = at;
    d.transaction_count += 1;
    if (outbound) d.total_out += input.amount;
    else d.total_in += input.amount;
  }
  if (!byCustomer.size) return;
  const rows = [...byCustomer.values()].map((d) => ({ ...d, total_in: d.total_in.toFixed(2), total_out: d.total_out.toFixed(2) }));
  await tx.query(
    `INSERT INTO tm_customers (organisation_id, customer_id, first_name, last_name, email, country, customer_type, first_seen_at, last_seen_at, transaction_count, total_in, total_out)
     SELECT $org, c.customer_id, c.first_name, c.last_name, c.email, c.country, c.customer_type, c.first_seen_at, c.last_seen_at, c.transaction_count, c.total_in, c.total_out
       FROM jsonb_to_recordset($1::jsonb) AS c(customer_id text, first_name text, last_name text, email text, country text, customer_type text,
            first_seen_at timestamptz, last_seen_at timestamptz, transaction_count int, total_in numeric, total_out numeric)
     ON CONFLICT (organisation_id, customer_id) DO UPDATE SET
       first_name = coalesce(tm_customers.first_name, excluded.first_name),
       last_name = CASE WHEN tm_customers.first_name IS NULL THEN excluded.last_name ELSE tm_customers.last_name END,
       email = coalesce(tm_customers.email, excluded.email),
       country = coalesce(tm_customers.country, excluded.country),
       first_seen_at = least(tm_customers.first_seen_at, excluded.first_seen_at),
       last_seen_at = greatest(tm_customers.last_seen_at, excluded.last_seen_at),
       transaction_count = tm_customers.transaction_count + excluded.transaction_count,
       total_in = tm_customers.total_in + excluded.total_in,
       total_out = tm_customers.total_out + excluded.total_out,
       updated_at = now()`,
    [JSON.stringify(rows)],
  );
}

/**
 * customer-update-bulk: creates the customers not seen yet and updates the others; a field sent replaces the
 * stored one (attributes are merged key by key), a field left out keeps it. Answers how many of each.
 */
export async function upsertCustomers(tx: OrgDb, customers: readonly NormalisedCustomer[]): Promise<{ created: number; updated: number }> {
  // The last entry of a customer sent twice wins, as a sequence of calls would.
  const byId = new Map<string, NormalisedCustomer>();
  for (const c of customers) byId.set(c.customer_id, c);
  const rows = JSON.stringify([...byId.values()]);
  const RECORD = `jsonb_to_recordset($1::jsonb) AS x(customer_id text, first_name text, last_name text, email text, country text, date_of_birth date,
    customer_type text, risk_level text, risk_score int, attributes jsonb)`;
  const created = await tx.query<{ customer_id: string }>(
    `INSERT INTO tm_customers (organisation_id, customer_id, first_name, last_name, email, country, date_of_birth, customer_type, risk_level, risk_score, attributes)
     SELECT $org, x.customer_id, x.first_name, x.last_name, x.email, x.country, x.date_of_birth, coalesce(x.customer_type, 'person'), coalesce(x.risk_level, 'low'),
            coalesce(x.risk_score, 0), coalesce(x.attributes, '{}'::jsonb)
       FROM ${RECORD}
     ON CONFLICT (organisation_id, customer_id) DO NOTHING
     RETURNING customer_id`,
    [rows],
  );
  // The others existed: what was sent replaces, what was left out stays.
  const updated = await tx.query<{ customer_id: string }>(
    `UPDATE tm_customers c SET first_name = coalesce(x.first_name, c.first_name), last_name = coalesce(x.last_name, c.last_name),
            email = coalesce(x.email, c.email), country = coalesce(x.country, c.country), date_of_birth = coalesce(x.date_of_birth, c.date_of_birth),
            customer_type = coalesce(x.customer_type, c.customer_type), risk_level = coalesce(x.risk_level, c.risk_level),
            risk_score = coalesce(x.risk_score, c.risk_score), attributes = c.attributes || coalesce(x.attributes, '{}'::jsonb), updated_at = now()
       FROM ${RECORD}
      WHERE c.organisation_id = $org AND c.customer_id = x.customer_id AND NOT (x.customer_id = ANY($2::text[]))
      RETURNING c.customer_id`,
    [rows, created.map((r) => r.customer_id)],
  );
  return { created: created.length, updated: updated.length };
}

// ---------------------------------------------------------------------------------------------------------
// Reading

const CUSTOMER_COLUMNS = `c.id, c.customer_id, c.first_name, c.last_name, c.email, c.country, c.customer_type, c.risk_level, c.risk_score, c.transaction_count,
  c.total_in, c.total_out, c.first_seen_at, c.last_seen_at, c.date_of_birth, c.attributes, c.created_at, c.updated_at,
  (SELECT count(*)::int FROM tm_alerts a WHERE a.organisation_id = $org AND a.customer_id = c.customer_id AND a.closed_at IS NULL) AS open_alerts`;

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const money = (v: unknown) => Number(v ?? 0).toFixed(2);

export function toCustomerRow(r: Record<string, any>): CustomerRow {
  return {
    id: r.id,
    customer_id: r.customer_id,
    name: customerName(r.first_name, r.last_name) || r.customer_id,
    first_name: r.first_name ?? null,
    last_name: r.last_name ?? null,
    email: r.email ?? null,
    country: r.country ?? null,
    customer_type: r.customer_type as CustomerType,
    risk_level: r.risk_level as CustomerRiskLevel,
    risk_score: Number(r.risk_score),
    transaction_count: Number(r.transaction_count),
    total_in: money(r.total_in),
    total_out: money(r.total_out),
    first_seen_at: iso(r.first_seen_at),
    last_seen_at: iso(r.last_seen_at),
    open_alerts: Number(r.open_alerts ?? 0),
  };
}

const CUSTOMER_ORDER: Record<CustomerListQueryValue['sort'], string> = {
  last_seen_desc: 'c.last_seen_at DESC NULLS LAST, c.id',
  name_asc: "lower(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), c.customer_id",
  risk_desc: 'c.risk_score DESC, c.last_seen_at DESC NULLS LAST, c.id',
  total_out_desc: 'c.total_out DESC, c.id',
  transaction_count_desc: 'c.transaction_count DESC, c.id',
};

export async function listCustomers(org: OrgDb, query: CustomerListQueryValue): Promise<{ total: number; rows: CustomerRow[] }> {
  const p = sqlParams();
  const where = ['c.organisation_id = $org'];
  const q = query.q?.trim();
  if (q) {
    const like = p.add(likePattern(q));
    where.push(`(c.customer_id ILIKE ${like} OR c.first_name ILIKE ${like} OR c.last_name ILIKE ${like} OR c.email ILIKE ${like} OR (c.first_name || ' ' || c.last_name) ILIKE ${like})`);
  }
  if (query.risk_level?.length) where.push(`c.risk_level = ANY(${p.add(query.risk_level)}::text[])`);
  if (query.country) where.push(`c.country = ${p.add(query.country.trim().toUpperCase())}`);
  const { total, rows } = await pageOfRows(org, {
    select: CUSTOMER_COLUMNS,
    from: 'tm_customers c',
    where: where.join(' AND '),
    orderBy: CUSTOMER_ORDER[query.sort],
    params: p.params,
    page: query.page,
    pageSize: query.page_size,
  });
  return { total, rows: rows.map(toCustomerRow) };
}

/** A customer's profile; 404 for an unknown id (another organisation's too). */
export async function customerProfile(org: OrgDb, customerId: string): Promise<CustomerProfile> {
  const row = await org.one(`SELECT ${CUSTOMER_COLUMNS} FROM tm_customers c WHERE c.organisation_id = $org AND c.customer_id = $1`, [customerId]);
  if (!row) throw new ApiError(404, 'not_found');
  const [transactions, totals, risk, alerts, counterparties] = await Promise.all([
    org.query(
      `SELECT ${TRANSACTION_ROW_COLUMNS} FROM tm_transactions t LEFT JOIN users u ON u.id = t.assignee_id
        WHERE t.organisation_id = $org AND t.customer_id = $1 AND t.deleted_at IS NULL ORDER BY t.occurred_at DESC, t.number DESC LIMIT 50`,
      [customerId],
    ),
    org.one<{ in_count: number; out_count: number; in_sum: string; out_sum: string; currencies: string[] }>(
      `SELECT count(*) FILTER (WHERE direction = 'inbound')::int AS in_count, count(*) FILTER (WHERE direction = 'outbound')::int AS out_count,
              coalesce(sum(amount) FILTER (WHERE direction = 'inbound'), 0) AS in_sum, coalesce(sum(amount) FILTER (WHERE direction = 'outbound'), 0) AS out_sum,
              coalesce(array_agg(DISTINCT trim(currency)) FILTER (WHERE currency IS NOT NULL), '{}') AS currencies
         FROM tm_transactions WHERE organisation_id = $org AND customer_id = $1 AND deleted_at IS NULL`,
      [customerId],
    ),
    org.one<{ flagged: number; holds: number }>(
      `SELECT count(*) FILTER (WHERE score > 0)::int AS flagged, count(*) FILTER (WHERE status = 'AML hold')::int AS holds
         FROM tm_transactions WHERE organisation_id = $org AND customer_id = $1 AND deleted_at IS NULL`,
      [customerId],
    ),
    org.query(
      `SELECT a.alert_id, a.level, a.workflow_status, r.name AS rule_name, a.triggered_count, a.updated_at
         FROM tm_alerts a LEFT JOIN tm_rules r ON r.id = a.rule_id AND r.organisation_id = $org
        WHERE a.organisation_id = $org AND (a.customer_id = $1 OR a.party_key = $1) ORDER BY a.updated_at DESC LIMIT 50`,
      [customerId],
    ),
    // The other side of each of the customer's transfers: the beneficiary of what it sent, the remitter of what it received.
    org.query<{ account: string; name: string | null; country: string | null; in_count: number; out_count: number; in_sum: string; out_sum: string }>(
      `SELECT account, max(name) AS name, max(country) AS country,
              count(*) FILTER (WHERE dir = 'inbound')::int AS in_count, count(*) FILTER (WHERE dir = 'outbound')::int AS out_count,
              coalesce(sum(amount) FILTER (WHERE dir = 'inbound'), 0) AS in_sum, coalesce(sum(amount) FILTER (WHERE dir = 'outbound'), 0) AS out_sum
         FROM (SELECT CASE WHEN direction = 'outbound' THEN beneficiary_account ELSE remitter_account END AS account,
                      CASE WHEN direction = 'outbound' THEN beneficiary_name ELSE remitter_name END AS name,
                      CASE WHEN direction = 'outbound' THEN beneficiary_country ELSE remitter_country END AS country,
                      direction AS dir, amount
                 FROM tm_transactions WHERE organisation_id = $org AND customer_id = $1 AND deleted_at IS NULL) s
        WHERE account IS NOT NULL GROUP BY account ORDER BY count(*) DESC, account LIMIT 50`,
      [customerId],
    ),
  ]);
  const customer = toCustomerRow(row);
  return {
    customer: {
      ...customer,
      date_of_birth: row.date_of_birth ? new Date(row.date_of_birth).toISOString().slice(0, 10) : null,
      attributes: row.attributes ?? {},
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    },
    risk: { level: customer.risk_level, score: customer.risk_score, flagged_transactions: risk?.flagged ?? 0, aml_holds: risk?.holds ?? 0 },
    totals: {
      in_count: totals?.in_count ?? 0,
      out_count: totals?.out_count ?? 0,
      in_sum: money(totals?.in_sum),
      out_sum: money(totals?.out_sum),
      currencies: (totals?.currencies ?? []).filter(Boolean).sort(),
    },
    transactions: transactions.map(toTransactionRow),
    alerts: alerts.map((a) => ({ alert_id: a.alert_id, level: a.level, workflow_status: a.workflow_status, rule_name: a.rule_name ?? null, triggered_count: Number(a.triggered_count), updated_at: iso(a.updated_at)! })),
    counterparties: counterparties.map(
      (c): CustomerCounterparty => ({ account: c.account, name: c.name, country: c.country ? String(c.country).trim() : null, in_count: c.in_count, out_count: c.out_count, in_sum: money(c.in_sum), out_sum: money(c.out_sum) }),
    ),
  };
}
