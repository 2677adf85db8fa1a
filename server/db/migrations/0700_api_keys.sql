-- API keys (issue 13): an integrator's credential for the public API. Only a digest of the key is kept;
-- the key itself is shown once, when it is generated. A key acts as the user who generated it, with the
-- permissions that user's role has at the time of each call, and stops working when it expires, is
-- deleted, or its user is deactivated.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- The first characters of the key (common/api-keys.ts API_KEY_SHOWN_LENGTH), shown in the list.
  prefix text NOT NULL,
  -- SHA-256 of the whole key: a key is 32 random bytes, so a fast digest is as safe as a slow one and
  -- costs nothing on every call.
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  deleted_at timestamptz,
  deleted_by uuid REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX api_keys_org ON api_keys (organisation_id, created_at DESC) WHERE deleted_at IS NULL;
