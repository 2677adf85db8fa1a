-- Changing a user's sign-in e-mail: the new address waits in pending_email until
-- its owner opens the single-use link sent to it (an 'email_change' token).
ALTER TABLE users ADD COLUMN pending_email text;
ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_kind_check;
ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_kind_check CHECK (kind IN ('reset', 'setup', 'secret_login', 'email_change'));
