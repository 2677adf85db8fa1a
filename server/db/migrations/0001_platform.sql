-- Platform: organisations, roles and permissions, users, sessions, one-time
-- secrets, sign-in rate limiting and the audit trail.

CREATE TABLE organisations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  is_demo boolean NOT NULL DEFAULT false,
  service_types text[] NOT NULL DEFAULT '{}',
  transaction_monitoring boolean NOT NULL DEFAULT false,
  usage_report boolean NOT NULL DEFAULT false,
  show_monitoring_configuration boolean NOT NULL DEFAULT false,
  billing_type text NOT NULL DEFAULT 'invoice' CHECK (billing_type IN ('plan', 'invoice')),
  plan_name text CHECK (plan_name IN ('basic', 'plus')),
  -- Credits per kind; NULL allotted means unlimited (organisations billed by invoice).
  aml_screening_credits_alloted integer,
  aml_screening_credits_used integer NOT NULL DEFAULT 0,
  media_watcher_credits_alloted integer,
  media_watcher_credits_used integer NOT NULL DEFAULT 0,
  transaction_monitoring_credits_alloted integer,
  transaction_monitoring_credits_used integer NOT NULL DEFAULT 0,
  daily_search_limit integer,
  white_labeling_for text CHECK (white_labeling_for IN ('fts', 'petroshore', 'meta_world')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The catalogue is kept in code (common/permissions.ts) and mirrored here at start,
-- so role_permissions can reference it and SQL reports can join it.
CREATE TABLE permissions (
  name text PRIMARY KEY,
  area text NOT NULL,
  admin_only boolean NOT NULL DEFAULT false,
  depends_on text[] NOT NULL DEFAULT '{}',
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- The administrator role may hold administrator-only permissions; exactly one per organisation.
  is_admin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roles_name_per_org ON roles (organisation_id, lower(name));

CREATE TABLE role_permissions (
  role_id uuid NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  permission text NOT NULL REFERENCES permissions(name) ON DELETE CASCADE,
  PRIMARY KEY (role_id, permission)
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  role_id uuid NOT NULL REFERENCES roles(id),
  name text NOT NULL,
  email text NOT NULL,
  password_hash text,
  is_active boolean NOT NULL DEFAULT true,
  email_2fa_enabled boolean NOT NULL DEFAULT false,
  email_2fa_verified_at timestamptz,
  app_2fa_enabled boolean NOT NULL DEFAULT false,
  app_2fa_verified_at timestamptz,
  app_2fa_secret text,
  app_2fa_pending_secret text,
  -- Last accepted TOTP time step, so one code cannot be used twice.
  app_2fa_last_step bigint NOT NULL DEFAULT 0,
  -- Null until the user picks a language; the browser's choice is used meanwhile.
  language text,
  email_notifications boolean NOT NULL DEFAULT true,
  new_feature_added boolean NOT NULL DEFAULT false,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email ON users (lower(email));
CREATE INDEX users_org ON users (organisation_id);

-- Access tokens are random and stored only as SHA-256 digests.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user ON sessions (user_id);

-- A sign-in that passed the password and waits for its second factor, or a
-- two-factor set-up waiting for confirmation.
CREATE TABLE otp_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('login', 'configure_email')),
  method text NOT NULL CHECK (method IN ('email', 'app')),
  token_hash text UNIQUE,
  code_hash text,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_challenges_user ON otp_challenges (user_id);

-- Reset, set-up and secret sign-in links: single use, expiring, stored hashed.
CREATE TABLE auth_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('reset', 'setup', 'secret_login')),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  success boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_email ON login_attempts (lower(email), created_at);
CREATE INDEX login_attempts_ip ON login_attempts (ip, created_at);

CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  organisation_id uuid REFERENCES organisations(id) ON DELETE CASCADE,
  actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  actor_email text,
  action text NOT NULL,
  target_type text,
  target_id text,
  ip text,
  user_agent text,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_org_time ON audit_events (organisation_id, created_at DESC);
