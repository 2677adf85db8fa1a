-- Administration (issue 5): feedback, the organisation's web hook secret key,
-- and indexes for the users, roles, notifications and audit screens.

-- Section 3 "Feedback": free text, stored with who sent it and from which screen.
CREATE TABLE feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  -- Kept beside user_id so the feedback still says who wrote it after the user is deleted.
  user_name text NOT NULL,
  user_email text NOT NULL,
  message text NOT NULL,
  page text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_org_time ON feedback (organisation_id, created_at DESC);

-- One web hook secret key per organisation (section 3 "Web hook ... plus one web hook secret key").
-- Kept in clear because deliveries are signed with it (HMAC); the API only ever shows it masked,
-- except once, to the administrator who generates it.
CREATE TABLE webhook_secret_keys (
  organisation_id uuid PRIMARY KEY REFERENCES organisations(id) ON DELETE CASCADE,
  secret text NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX users_role ON users (role_id);
CREATE INDEX notifications_user_unread ON notifications (user_id, created_at DESC) WHERE read_at IS NULL;
CREATE INDEX audit_events_org_action ON audit_events (organisation_id, action, created_at DESC);
