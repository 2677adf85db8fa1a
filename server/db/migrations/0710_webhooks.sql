-- Web hooks (issue 13; docs/webhooks.md): an organisation's endpoints, one delivery per event per endpoint
-- (the outbox: written in the transaction of the change that causes the event, so an event is sent exactly
-- when its change commits), and every attempt of a delivery (the delivery log).

-- Rotation keeps the previous key signing for a grace period (a second signature), so receivers can switch
-- to the new key without losing a delivery.
ALTER TABLE webhook_secret_keys ADD COLUMN previous_secret text;
ALTER TABLE webhook_secret_keys ADD COLUMN previous_valid_until timestamptz;

CREATE TABLE webhooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  name text NOT NULL,
  endpoint text NOT NULL,
  type text NOT NULL CHECK (type IN ('update', 'status_change')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  disabled_at timestamptz,
  disabled_reason text CHECK (disabled_reason IN ('gone', 'failing', 'manual')),
  -- Deliveries in a row that used every attempt; the endpoint is disabled at WEBHOOK_FAILING_DELIVERIES.
  consecutive_failures integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_organisation ON webhooks (organisation_id, created_at DESC);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  -- A deleted web hook takes its deliveries and their log with it.
  webhook_id uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  -- The event's id (msg_...), sent as webhook-id: shared by the event's deliveries to every endpoint and by replays.
  event_id text NOT NULL,
  event_type text NOT NULL,
  -- The signed body, exactly as sent, so every attempt and replay sends the same bytes.
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  -- A worker sending an attempt holds the delivery until then; a worker that died lets go when it passes.
  locked_until timestamptz,
  replay_of uuid REFERENCES webhook_deliveries(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  last_status_code integer,
  last_duration_ms integer
);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, created_at DESC);
-- What the delivery job claims: pending deliveries by when they are due.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';

CREATE TABLE webhook_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  duration_ms integer NOT NULL,
  response_excerpt text NOT NULL DEFAULT '',
  error text,
  UNIQUE (delivery_id, attempt)
);
