-- Billing (docs/billing.md): an organisation's billing details, and the invoices that charge for its plan and
-- its credit top-ups. What an invoice grants is written on its lines when it is issued, so paying it later
-- grants exactly what was invoiced, whatever the plans cost by then. Paying appends the credit ledger's rows
-- (0950) in the same transaction that marks the invoice paid.

-- One set of details per organisation: the buyer printed on its invoices.
CREATE TABLE billing_details (
  organisation_id uuid PRIMARY KEY REFERENCES organisations(id) ON DELETE CASCADE,
  company_name text NOT NULL,
  billing_email text NOT NULL,
  address_line1 text NOT NULL,
  address_line2 text,
  city text NOT NULL,
  postcode text NOT NULL,
  -- ISO 3166 alpha-2.
  country text NOT NULL,
  vat_number text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL
);

-- Invoice numbers count across the whole product (INV-2026-000123), never per organisation: a number names one
-- invoice to the operator who matches a bank transfer to it.
CREATE SEQUENCE invoice_numbers;

CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  number text NOT NULL UNIQUE,
  -- plan: a month of a plan; top_up: packs of credits of one kind.
  kind text NOT NULL CHECK (kind IN ('plan', 'top_up')),
  plan_name text CHECK (plan_name IN ('basic', 'plus')),
  -- The month a plan invoice pays for; the renewal sweep issues the next one when it has ended.
  period_start timestamptz,
  period_end timestamptz,
  issued_at timestamptz NOT NULL DEFAULT now(),
  due_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'void')),
  paid_at timestamptz,
  -- Who recorded the payment: the operator's command, or a payment collector's id.
  paid_by text,
  description text NOT NULL,
  -- [{ description, quantity, unit_cents, total_cents, grants: [{ kind, credits }] }]: what each line costs and
  -- which credits it grants once the invoice is paid.
  lines jsonb NOT NULL,
  subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
  vat_percent numeric(5, 2) NOT NULL DEFAULT 0,
  vat_cents integer NOT NULL DEFAULT 0 CHECK (vat_cents >= 0),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  currency text NOT NULL,
  -- The billing details the invoice is addressed to; an open invoice follows the details when they change,
  -- a paid or void one keeps those it had. NULL while the organisation has entered none.
  buyer jsonb,
  -- The payment collector that issued it (server/billing/payments.ts).
  collector text NOT NULL,
  issued_by uuid REFERENCES users(id) ON DELETE SET NULL,
  CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
  CHECK (kind <> 'plan' OR (plan_name IS NOT NULL AND period_start IS NOT NULL AND period_end IS NOT NULL)),
  CHECK (total_cents = subtotal_cents + vat_cents)
);
CREATE INDEX invoices_org_issued ON invoices (organisation_id, issued_at DESC, number DESC);
-- A month of a plan is invoiced once, however many renewal sweeps run at the same moment (a void invoice's month
-- was replaced by a later choice of plan, and no longer counts).
CREATE UNIQUE INDEX invoices_plan_period ON invoices (organisation_id, period_start) WHERE kind = 'plan' AND status <> 'void';
CREATE INDEX invoices_open ON invoices (issued_at) WHERE status = 'open';
