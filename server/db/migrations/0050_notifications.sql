-- In-app notifications (section 3 "Notification"), created by real events and pushed live.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- What happened, e.g. 'case_assigned', 'case_decided', 'batch_finished'; the UI translates notification.<kind>.
  kind text NOT NULL,
  -- Values for the translated text ({ref}, {name}, ...).
  params jsonb NOT NULL DEFAULT '{}',
  -- Where clicking it leads in the app, e.g. /case/AML-2026-000123.
  link text,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_time ON notifications (user_id, created_at DESC);
