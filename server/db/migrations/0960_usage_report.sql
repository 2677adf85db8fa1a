-- The usage report (docs/usage-statistics.md): links that open an organisation's report for a period without
-- signing in, and the record of the monthly e-mail, so each month's report goes out once per organisation.

-- A report link (/usage-report-pdf?token=...): a random token shown once, in the link; only its SHA-256 digest
-- is kept. It names one organisation and one period of UTC days, and stops working at expires_at.
CREATE TABLE usage_report_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  -- The period's first and last day (both included) and the preset it was chosen as.
  first_day date NOT NULL,
  last_day date NOT NULL,
  date_preset text NOT NULL,
  -- 'share': made on the page by created_by; 'email': made for the monthly e-mail to created_by.
  purpose text NOT NULL CHECK (purpose IN ('share', 'email')),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  CHECK (first_day <= last_day)
);
CREATE INDEX usage_report_tokens_org ON usage_report_tokens (organisation_id, created_at DESC);

-- One row per organisation and month whose report e-mails were queued ("2026-04"): the monthly job inserts it in
-- the transaction that enqueues the e-mails, so a second run (another process, a restart) finds it and sends nothing.
CREATE TABLE usage_report_mailings (
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  period text NOT NULL CHECK (period ~ '^\d{4}-\d{2}$'),
  recipients integer NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, period)
);

-- What the report counts, by organisation and time, without reading every row of the organisation: review
-- decisions in the case history, and transactions by when they arrived (the listing's index is by their own time).
CREATE INDEX case_events_decisions ON case_events (organisation_id, created_at) WHERE action = 'decision';
CREATE INDEX tm_transactions_received ON tm_transactions (organisation_id, received_at);
