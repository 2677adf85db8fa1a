-- Demo mode (docs/demo.md). A demo search is stored as a case of the demo organisation, like any search;
-- these tables hold what only the demo has.

-- Each demo visitor's searches of a UTC day, against the daily allowance (DEMO_DAILY_SEARCHES). A row is
-- counted up in the transaction that stores the search, and only while it is under the allowance, so two
-- searches at the same moment cannot both take the last one; a refused search stores nothing.
CREATE TABLE demo_usage (
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  searches integer NOT NULL CHECK (searches > 0),
  PRIMARY KEY (organisation_id, user_id, day)
);

-- Requests for a full account sent from the demo ("Request full account"), e-mailed to the provider and
-- kept, so a request is not lost when the e-mail is, and so sending is throttled per visitor.
CREATE TABLE demo_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL,
  company text NOT NULL,
  email text NOT NULL,
  phone text,
  message text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX demo_requests_user_time ON demo_requests (organisation_id, user_id, created_at);
