-- Transaction monitoring (issue 15; docs/transaction-monitoring.md): customers, transactions with their
-- decisions, and the AML cases their parties' screening opened. Rules and alerts: 0910_tm_rules_alerts.sql.

-- A customer of the organisation's own business, by the integrator's id. Made and kept up to date by the
-- transactions that name it (counts, totals, first and last seen) and by customer-update-bulk (details, risk).
CREATE TABLE tm_customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  customer_id text NOT NULL,
  first_name text,
  last_name text,
  email text,
  country text,
  date_of_birth date,
  customer_type text NOT NULL DEFAULT 'person' CHECK (customer_type IN ('person', 'company')),
  risk_level text NOT NULL DEFAULT 'low' CHECK (risk_level IN ('low', 'medium', 'high')),
  risk_score integer NOT NULL DEFAULT 0 CHECK (risk_score BETWEEN 0 AND 100),
  attributes jsonb NOT NULL DEFAULT '{}',
  first_seen_at timestamptz,
  last_seen_at timestamptz,
  transaction_count integer NOT NULL DEFAULT 0,
  total_in numeric(20, 2) NOT NULL DEFAULT 0,
  total_out numeric(20, 2) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, customer_id)
);
CREATE INDEX tm_customers_last_seen ON tm_customers (organisation_id, last_seen_at DESC NULLS LAST);
CREATE INDEX tm_customers_risk ON tm_customers (organisation_id, risk_score DESC);

-- Each organisation's running transaction number. Ingest takes this row's lock first in its transaction, so
-- the batches of one organisation are stored one after another (across API processes too) and numbers have
-- no gaps: the engine cache compares the number it last saw with this one to know it missed nothing.
CREATE TABLE tm_counters (
  organisation_id uuid PRIMARY KEY REFERENCES organisations(id) ON DELETE CASCADE,
  last_number bigint NOT NULL DEFAULT 0
);

CREATE TABLE tm_transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  number bigint NOT NULL,
  reference_id text NOT NULL,
  -- The transaction's own time (section 3 "created at"): rule windows count by it, so late arrivals count where they belong.
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  customer_id text,
  customer_first_name text,
  customer_last_name text,
  email text,
  amount numeric(18, 2) NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL,
  payment_id text,
  payment_method text,
  type text,
  direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
  document_id text,
  document_date date,
  ip_address text,
  ip_country char(2),
  device_id text,
  declared_relationship text,
  remitter_name text,
  remitter_account text,
  remitter_bin text,
  remitter_bin_country char(2),
  remitter_country char(2),
  -- Cards only ever masked or as their last four digits: a full card number is refused at the door.
  remitter_card text,
  beneficiary_name text,
  beneficiary_account text,
  beneficiary_bin text,
  beneficiary_bin_country char(2),
  beneficiary_country char(2),
  beneficiary_card text,
  eci_3ds text,
  order_id text,
  order_status text,
  order_total numeric(18, 2),
  score integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'created'
    CHECK (status IN ('created', 'accepted', 'rejected', 'AML hold', 'hold other', 'under review', 'deleted', 'AML check failed')),
  assignee_id uuid REFERENCES users(id) ON DELETE SET NULL,
  -- The rules that fired, each with its structured explanation (common/transactions.ts AppliedRule).
  rules_applied jsonb NOT NULL DEFAULT '[]',
  total_risk_factor_score numeric(10, 2) NOT NULL DEFAULT 0,
  -- Each party's screening: outcome, hits, the AML case's reference (common/transactions.ts PartyScreening).
  screening jsonb NOT NULL DEFAULT '[]',
  -- The loader's isFraud (AMLSim): kept for measuring rules, never shown as the truth about a transaction.
  label smallint,
  source text NOT NULL DEFAULT 'api' CHECK (source IN ('api', 'upload', 'sample', 'amlsim')),
  deleted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, reference_id),
  UNIQUE (organisation_id, number)
);
-- The listing's default order and date filters, and the engine cache's rebuild (everything within the horizon).
CREATE INDEX tm_transactions_occurred ON tm_transactions (organisation_id, occurred_at DESC);
-- A customer's profile and the customer filter.
CREATE INDEX tm_transactions_customer ON tm_transactions (organisation_id, customer_id, occurred_at DESC) WHERE customer_id IS NOT NULL;
-- The account filter and the counterparty network around an account.
CREATE INDEX tm_transactions_remitter ON tm_transactions (organisation_id, remitter_account, occurred_at DESC) WHERE remitter_account IS NOT NULL;
CREATE INDEX tm_transactions_beneficiary ON tm_transactions (organisation_id, beneficiary_account, occurred_at DESC) WHERE beneficiary_account IS NOT NULL;
CREATE INDEX tm_transactions_status ON tm_transactions (organisation_id, status, occurred_at DESC);

-- The AML cases a transaction's party screening opened (one per party with a hit), shown on the transaction's
-- "AML cases" tab; the case itself is an ordinary screening case in Manage Case.
CREATE TABLE tm_transaction_cases (
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  transaction_id uuid NOT NULL REFERENCES tm_transactions(id) ON DELETE CASCADE,
  case_id uuid NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  party text NOT NULL CHECK (party IN ('remitter', 'beneficiary')),
  PRIMARY KEY (transaction_id, party)
);
CREATE INDEX tm_transaction_cases_case ON tm_transaction_cases (case_id);
CREATE INDEX tm_transaction_cases_org ON tm_transaction_cases (organisation_id);

-- The AML case of each screened party with a hit: one per party name and entity type, so a listed party's
-- every transaction links to its one case instead of opening another (a deleted case is replaced by a new one).
CREATE TABLE tm_party_cases (
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  -- The entity type and the name as screened, casefolded: "person:maria lopez".
  party_key text NOT NULL,
  case_id uuid NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, party_key)
);
