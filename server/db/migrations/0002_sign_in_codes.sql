-- Limits on mailed sign-in codes: a challenge counts its resends (and keeps
-- counting wrong codes across them), and every code mailed to an account is
-- recorded so the number per hour can be bounded (mailbox flooding, guessing).
ALTER TABLE otp_challenges ADD COLUMN resends integer NOT NULL DEFAULT 0;

-- Codes (asked for after a correct password) and links (asked for by anyone
-- who knows the address: reset, secret sign-in) have separate allowances, so
-- flooding the public link pages cannot stop the owner's sign-in codes.
CREATE TABLE otp_code_sends (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL DEFAULT 'code' CHECK (kind IN ('code', 'link')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_code_sends_user ON otp_code_sends (user_id, kind, created_at);

-- A wrong second-factor code counts as a failed sign-in of its account from its
-- address ('code'), but not towards the address's own limit across accounts.
ALTER TABLE login_attempts ADD COLUMN kind text NOT NULL DEFAULT 'password' CHECK (kind IN ('password', 'code'));
