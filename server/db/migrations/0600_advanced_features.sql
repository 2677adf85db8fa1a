-- Advanced features (issue 12): the organisation's own blacklists and whitelists, which take part in
-- screening; custom risk-scoring engines, which decide cases; search profiles; and the configuration of
-- ongoing monitoring (how long it runs, how often its alerts are sent and through which channels).

-- ---------------------------------------------------------------------------------------------------
-- Custom lists

-- Bumped, under the organisation's row lock, by every transaction that changes a custom list or one of
-- its records; the records it changed carry the new value. Because the lock is held until commit, the
-- revisions commit in order, so a process that has applied revision R catches up by reading the records
-- whose revision is above R (server/screening/custom-lists.ts). A case records the revision it was
-- screened against (cases.lists_version.custom_lists), which is how ongoing monitoring sees a change.
ALTER TABLE organisations ADD COLUMN custom_lists_revision bigint NOT NULL DEFAULT 0;

CREATE TABLE custom_lists (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL,
  list_type text NOT NULL CHECK (list_type IN ('blacklist', 'whitelist')),
  -- Live records, kept with every change so the list page reads no count.
  total_records integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  is_deleted boolean NOT NULL DEFAULT false,
  deleted_by uuid REFERENCES users(id) ON DELETE SET NULL,
  deleted_at timestamptz,
  delete_reason text
);
-- A name names one live list of the organisation.
CREATE UNIQUE INDEX custom_lists_name ON custom_lists (organisation_id, lower(name)) WHERE NOT is_deleted;
CREATE INDEX custom_lists_org ON custom_lists (organisation_id, is_deleted, created_at DESC);

CREATE TABLE custom_list_records (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  list_id uuid NOT NULL REFERENCES custom_lists(id) ON DELETE CASCADE,
  full_name text NOT NULL,
  -- Other names of the same person or company (screened as aliases).
  aliases text[] NOT NULL DEFAULT '{}',
  entity_type text NOT NULL CHECK (entity_type IN ('person', 'company', 'location')),
  -- Birth or incorporation date as the file gives it: a year, a year and month, or a whole date.
  birth_year integer,
  birth_month integer,
  birth_day integer,
  -- ISO 3166-1 alpha-2.
  country text,
  category text,
  -- The file and line the record came from (null when added by hand).
  source_row integer,
  -- custom_lists_revision of the transaction that last changed the record (added, edited, deleted).
  revision bigint NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  is_deleted boolean NOT NULL DEFAULT false,
  deleted_by uuid REFERENCES users(id) ON DELETE SET NULL,
  deleted_at timestamptz,
  delete_reason text
);
-- A catch-up reads the records stamped above a revision in (revision, id) order, a page at a time.
CREATE INDEX custom_list_records_revision ON custom_list_records (organisation_id, revision, id);
CREATE INDEX custom_list_records_list ON custom_list_records (list_id, is_deleted, created_at, id);
CREATE INDEX custom_list_records_name_trgm ON custom_list_records USING gin (lower(full_name) gin_trgm_ops);

CREATE TABLE custom_list_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  record_id uuid NOT NULL REFERENCES custom_list_records(id) ON DELETE CASCADE,
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
CREATE INDEX custom_list_comments_record ON custom_list_comments (record_id, created_at);

-- ---------------------------------------------------------------------------------------------------
-- Risk-scoring engines

CREATE TABLE risk_score_engines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  title text NOT NULL,
  model_name text NOT NULL,
  low_threshold numeric,
  medium_threshold numeric NOT NULL,
  high_threshold numeric NOT NULL,
  -- [{ country, category, record, weightage }] (common/risk-scoring.ts).
  rules jsonb NOT NULL DEFAULT '[]',
  -- Outcome -> decision: { blacklisted, whitelisted, high_risk, medium_risk, low_risk }.
  decisions jsonb NOT NULL DEFAULT '{}',
  -- Counts the engine's saved changes; a case keeps the version it was scored with.
  version integer NOT NULL DEFAULT 1,
  is_active boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX risk_score_engines_title ON risk_score_engines (organisation_id, lower(title));
-- At most one active engine per organisation: a search without a chosen engine uses it.
CREATE UNIQUE INDEX risk_score_engines_active ON risk_score_engines (organisation_id) WHERE is_active;

-- The engine as it was when the case was scored (title, version, thresholds, rules, decisions): a later
-- change to the engine, or its deletion, never rewrites a case.
ALTER TABLE cases ADD COLUMN risk_engine jsonb;
-- Each hit's score, outcome and rule-by-rule breakdown (Risk Analysis).
ALTER TABLE case_hits ADD COLUMN risk_breakdown jsonb;

-- ---------------------------------------------------------------------------------------------------
-- Search profiles (the table came with cases; the screen adds who changed a profile and when)

ALTER TABLE search_profiles ADD COLUMN updated_by uuid REFERENCES users(id) ON DELETE SET NULL;
-- The profile a case was searched by, as it was then ({ _id, title }): deleting or renaming the profile
-- later does not change what the case records.
ALTER TABLE cases ADD COLUMN search_profile jsonb;
UPDATE cases c SET search_profile = jsonb_build_object('_id', p.id, 'title', p.title) FROM search_profiles p WHERE p.id = c.search_profile_id;
ALTER TABLE search_profiles ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- Profiles made before this release were last changed when they were made, by whoever made them.
UPDATE search_profiles SET updated_at = created_at, updated_by = created_by;
CREATE UNIQUE INDEX search_profiles_title ON search_profiles (organisation_id, lower(title));

-- ---------------------------------------------------------------------------------------------------
-- Monitoring configuration

CREATE TABLE monitoring_settings (
  organisation_id uuid PRIMARY KEY REFERENCES organisations(id) ON DELETE CASCADE,
  -- Days monitoring runs after it is switched on for a case, or 'custom': until custom_end_date.
  duration text NOT NULL DEFAULT '365' CHECK (duration IN ('30', '90', '365', 'custom')),
  custom_end_date date,
  alert_frequency text NOT NULL DEFAULT 'daily'
    CHECK (alert_frequency IN ('daily', 'weekly', 'bi-weekly', 'monthly', 'quarterly', 'semi-annually', 'annually')),
  channels text[] NOT NULL DEFAULT '{in_app,email}',
  -- When the gathered alerts are sent next, and when they were last sent.
  next_digest_at timestamptz,
  last_digest_at timestamptz,
  -- Who saved the configuration last, and when: null until someone does (the first alert of an organisation
  -- that never saved one stores the defaults with its next digest).
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz,
  CHECK (duration <> 'custom' OR custom_end_date IS NOT NULL)
);
-- The digest job looks for organisations whose digest is due.
CREATE INDEX monitoring_settings_next_digest ON monitoring_settings (next_digest_at) WHERE next_digest_at IS NOT NULL;

-- When monitoring was last switched on for the case or one of its entities (null while it is off):
-- the duration counts from here.
ALTER TABLE cases ADD COLUMN monitoring_started_at timestamptz;
UPDATE cases SET monitoring_started_at = updated_at
 WHERE aml_monitoring OR adverse_media_monitoring
    OR EXISTS (SELECT 1 FROM case_hits h WHERE h.case_id = cases.id AND (h.aml_monitoring OR h.adverse_media_monitoring));
-- The sweep looks for monitored cases whose period is over (server/cases/monitoring-period.ts).
CREATE INDEX cases_monitoring_started ON cases (monitoring_started_at) WHERE monitoring_started_at IS NOT NULL;

-- What ongoing monitoring found, gathered until the organisation's next digest sends it.
CREATE TABLE monitoring_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  case_id uuid NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  -- findings: a check found new hits or changed records; ended: the case's monitoring period is over.
  kind text NOT NULL CHECK (kind IN ('findings', 'ended')),
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX monitoring_alerts_pending ON monitoring_alerts (organisation_id, created_at) WHERE delivered_at IS NULL;
CREATE INDEX monitoring_alerts_case ON monitoring_alerts (case_id, created_at);
