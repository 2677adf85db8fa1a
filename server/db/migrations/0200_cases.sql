-- Case management (issue 4): a case is one screening of one search input; its
-- hits are the listed entities found, each decided on its own; every change is
-- an event in the case's history; comments hang off the case or one of its hits.
-- Every table carries organisation_id and every query is scoped by it.

-- Searching cases by name uses trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Per-organisation, per-year counter behind references like AML-2026-000042.
CREATE TABLE case_counters (
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  year integer NOT NULL,
  last_value integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organisation_id, year)
);

-- Searches spent per organisation per UTC day, for the daily search limit.
CREATE TABLE screening_usage (
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  day date NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organisation_id, day)
);

-- Search profiles (section 3): a named choice of databases, sources and countries.
-- The Search Profile screen manages them; Create New Case searches by one.
CREATE TABLE search_profiles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  title text NOT NULL,
  databases text[] NOT NULL DEFAULT '{}',
  sources text[] NOT NULL DEFAULT '{}',
  countries text[] NOT NULL DEFAULT '{}',
  publisher_search boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_profiles_org ON search_profiles (organisation_id);

CREATE TABLE cases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  reference text NOT NULL,
  search_term text NOT NULL,
  entity_type text NOT NULL CHECK (entity_type IN ('person', 'company', 'location')),
  -- The whole search input as submitted (birth date, countries, gender, identifier, flags).
  search_input jsonb NOT NULL DEFAULT '{}',
  match_score integer NOT NULL,
  databases text[] NOT NULL DEFAULT '{}',
  search_profile_id uuid REFERENCES search_profiles(id) ON DELETE SET NULL,
  risk_engine_id uuid,
  client_reference text,
  national_id text,
  batch_name text,
  hit_count integer NOT NULL DEFAULT 0,
  -- Union of the hits' relevance labels and databases, for the Manage Case filters.
  relevance text[] NOT NULL DEFAULT '{}',
  hit_databases text[] NOT NULL DEFAULT '{}',
  match_status text NOT NULL,
  case_status text NOT NULL CHECK (case_status IN ('Passed', 'Passed Conditionally', 'For Review', 'Failed')),
  risk_level text NOT NULL CHECK (risk_level IN ('High', 'Medium', 'Low', 'Whitelist', 'Unknown')),
  assignee_ids uuid[] NOT NULL DEFAULT '{}',
  aml_monitoring boolean NOT NULL DEFAULT false,
  adverse_media_monitoring boolean NOT NULL DEFAULT false,
  media_category text,
  -- Versions of the lists the case was screened against (list id -> content hash).
  lists_version jsonb NOT NULL DEFAULT '{}',
  face_image bytea,
  face_image_type text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  is_deleted boolean NOT NULL DEFAULT false,
  deleted_by uuid REFERENCES users(id) ON DELETE SET NULL,
  deleted_at timestamptz,
  delete_reason text
);
CREATE UNIQUE INDEX cases_reference ON cases (organisation_id, reference);
-- Manage Case: the organisation's live (or deleted) cases, newest first, and by status.
CREATE INDEX cases_list ON cases (organisation_id, is_deleted, created_at DESC, id DESC);
CREATE INDEX cases_status ON cases (organisation_id, is_deleted, case_status, created_at DESC, id DESC);
CREATE INDEX cases_updated ON cases (organisation_id, is_deleted, updated_at DESC, id DESC);
CREATE INDEX cases_relevance ON cases USING gin (relevance);
CREATE INDEX cases_term_trgm ON cases USING gin (lower(search_term) gin_trgm_ops);

-- One hit: a listed entity the screening returned, with a snapshot of the entity
-- as the list held it then (lists change; the decision was made on this record).
CREATE TABLE case_hits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  case_id uuid NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  position integer NOT NULL,
  entity_id text NOT NULL,
  name text NOT NULL,
  matched_name text NOT NULL,
  score integer NOT NULL,
  score_raw double precision NOT NULL,
  relevance text[] NOT NULL DEFAULT '{}',
  database text NOT NULL,
  source text NOT NULL,
  list_id text NOT NULL,
  programs text[] NOT NULL DEFAULT '{}',
  kind text NOT NULL,
  countries text[] NOT NULL DEFAULT '{}',
  birth_dates jsonb NOT NULL DEFAULT '[]',
  explanation jsonb NOT NULL DEFAULT '[]',
  entity jsonb NOT NULL DEFAULT '{}',
  match_status text NOT NULL DEFAULT 'Potential Match',
  risk_level text NOT NULL CHECK (risk_level IN ('High', 'Medium', 'Low', 'Whitelist', 'Unknown')),
  risk_decision text,
  aml_monitoring boolean NOT NULL DEFAULT false,
  adverse_media_monitoring boolean NOT NULL DEFAULT false,
  assignee_ids uuid[] NOT NULL DEFAULT '{}',
  -- Set when ongoing monitoring finds the listed record changed since the decision.
  is_updated boolean NOT NULL DEFAULT false,
  decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (case_id, position)
);
CREATE INDEX case_hits_case ON case_hits (case_id, position);
CREATE INDEX case_hits_org_db ON case_hits (organisation_id, database);

-- History: who did what to a case (or one of its hits), and when.
CREATE TABLE case_events (
  id bigserial PRIMARY KEY,
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  case_id uuid NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  hit_id uuid REFERENCES case_hits(id) ON DELETE CASCADE,
  actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  actor_name text,
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_events_case ON case_events (case_id, id DESC);
CREATE INDEX case_events_hit ON case_events (hit_id, id DESC) WHERE hit_id IS NOT NULL;

CREATE TABLE case_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  case_id uuid NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  hit_id uuid REFERENCES case_hits(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  text text NOT NULL,
  edited boolean NOT NULL DEFAULT false,
  last_edited_at timestamptz,
  is_deleted boolean NOT NULL DEFAULT false,
  deleted_by uuid REFERENCES users(id) ON DELETE SET NULL,
  deleted_at timestamptz,
  delete_reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_comments_case ON case_comments (case_id, created_at);
