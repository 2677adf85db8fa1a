-- Transaction monitoring: rules and alerts (issue 15; docs/transaction-monitoring.md, "Rules and alerts").
--
-- tm_rules holds each organisation's rules in the engine's rule language (common/tm-rules.ts) as JSON; every
-- change of what a rule does (name, description, score, definition) writes a new version, and the old ones stay
-- in tm_rule_versions so an alert names the version that raised it. Alerts are one per rule and party while
-- open: a rule firing again for the same party raises the open alert's triggered count instead.

CREATE TABLE tm_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  score integer NOT NULL CHECK (score BETWEEN 0 AND 100),
  status text NOT NULL DEFAULT 'Disabled' CHECK (status IN ('Enabled', 'Disabled')),
  definition jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  typology text,
  is_default boolean NOT NULL DEFAULT false,
  -- The key of the engine's DEFAULT_RULES entry a default rule was seeded from: seeding again skips it.
  default_key text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_executed_at timestamptz
);
CREATE INDEX tm_rules_org ON tm_rules (organisation_id, created_at);
CREATE UNIQUE INDEX tm_rules_default_key ON tm_rules (organisation_id, default_key) WHERE default_key IS NOT NULL;

CREATE TABLE tm_rule_versions (
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  rule_id uuid NOT NULL REFERENCES tm_rules(id) ON DELETE CASCADE,
  version integer NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  score integer NOT NULL,
  definition jsonb NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rule_id, version)
);

-- Alert ids count per organisation ("AL-000001"), like case references.
CREATE TABLE tm_alert_counters (
  organisation_id uuid PRIMARY KEY REFERENCES organisations(id) ON DELETE CASCADE,
  last_value integer NOT NULL
);

CREATE TABLE tm_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  alert_id text NOT NULL,
  rule_id uuid NOT NULL REFERENCES tm_rules(id) ON DELETE CASCADE,
  rule_version integer NOT NULL,
  -- The account (or customer id) the alert is about, and the name it goes by when known.
  party_key text NOT NULL,
  party_name text,
  customer_id text,
  level text NOT NULL CHECK (level IN ('low', 'medium', 'high')),
  workflow_status text NOT NULL DEFAULT 'open'
    CHECK (workflow_status IN ('open', 'investigating', 'escalated', 'closed_true_positive', 'closed_false_positive')),
  assignee_id uuid REFERENCES users(id) ON DELETE SET NULL,
  -- The payment method and the other side of the transaction that raised it.
  channel text,
  counterparty text,
  triggered_count integer NOT NULL DEFAULT 1,
  -- The last firing's structured explanation (the engine's RuleExplanation) and every account its pattern named.
  explanation jsonb,
  members jsonb NOT NULL DEFAULT '[]',
  -- The earliest and latest own times of the transactions behind it (the network picture's stretch of history).
  first_transaction_at timestamptz,
  last_transaction_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  UNIQUE (organisation_id, alert_id),
  CHECK ((closed_at IS NULL) = (workflow_status NOT IN ('closed_true_positive', 'closed_false_positive')))
);
-- One open alert per rule and party: a repeat trigger finds it through this index and counts on it.
CREATE UNIQUE INDEX tm_alerts_open ON tm_alerts (organisation_id, rule_id, party_key) WHERE closed_at IS NULL;
CREATE INDEX tm_alerts_created ON tm_alerts (organisation_id, created_at DESC, id DESC);
CREATE INDEX tm_alerts_updated ON tm_alerts (organisation_id, updated_at DESC);
CREATE INDEX tm_alerts_status ON tm_alerts (organisation_id, workflow_status);
CREATE INDEX tm_alerts_assignee ON tm_alerts (organisation_id, assignee_id) WHERE assignee_id IS NOT NULL;
CREATE INDEX tm_alerts_party ON tm_alerts (organisation_id, party_key);
CREATE INDEX tm_alerts_customer ON tm_alerts (organisation_id, customer_id) WHERE customer_id IS NOT NULL;

CREATE TABLE tm_alert_transactions (
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  alert_id uuid NOT NULL REFERENCES tm_alerts(id) ON DELETE CASCADE,
  transaction_id uuid NOT NULL REFERENCES tm_transactions(id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (alert_id, transaction_id)
);
-- A transaction's detail lists the alerts it raised.
CREATE INDEX tm_alert_transactions_tx ON tm_alert_transactions (transaction_id);

CREATE TABLE tm_alert_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  alert_id uuid NOT NULL REFERENCES tm_alerts(id) ON DELETE CASCADE,
  -- Null for the system (an alert raised or triggered by an arriving transaction).
  actor uuid REFERENCES users(id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('raised', 'workflow', 'assigned', 'commented')),
  from_status text,
  to_status text,
  note text,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX tm_alert_events_alert ON tm_alert_events (alert_id, at);

CREATE TABLE tm_alert_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  alert_id uuid NOT NULL REFERENCES tm_alerts(id) ON DELETE CASCADE,
  author uuid REFERENCES users(id) ON DELETE SET NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX tm_alert_comments_alert ON tm_alert_comments (alert_id, created_at);
