-- Bulk search (issue 11): a batch is one uploaded file of search inputs, screened row by row into
-- cases on the job queue. The rows are stored when the file is checked, so the work survives a
-- crash: a row is pending until the transaction that stores its case (and spends its credit) marks it
-- done, which is what makes every row screened into exactly one case however often a job is re-run.

-- The per-batch entity limit of section 9 ("value not shown; can be raised by contacting the
-- provider"): 10,000 rows unless the provider raises it for the organisation.
ALTER TABLE organisations ADD COLUMN bulk_entity_limit integer NOT NULL DEFAULT 10000 CHECK (bulk_entity_limit > 0);

CREATE TABLE bulk_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  -- Empty while the batch is a draft (a checked file waiting to be started).
  name text NOT NULL DEFAULT '',
  file_name text NOT NULL,
  -- draft: the file is checked and its rows stored, nothing is screened or spent yet (not listed);
  -- queued, running, paused: section 4's Pending; finished: Success; deleted: Deleted.
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'queued', 'running', 'paused', 'finished', 'deleted')),
  -- Why a paused batch waits: the organisation's credits or its daily search limit.
  paused_reason text CHECK (paused_reason IN ('credits', 'daily_limit')),
  -- What applies to every row: search type, databases or search profile, match score, exact match, AKAs, RCA.
  options jsonb NOT NULL DEFAULT '{}',
  total_count integer NOT NULL DEFAULT 0,
  success_count integer NOT NULL DEFAULT 0,
  failed_count integer NOT NULL DEFAULT 0,
  -- Rows stored since the batch last started or resumed, and when: rows per second and time left.
  run_started_at timestamptz,
  run_done integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_by uuid REFERENCES users(id) ON DELETE SET NULL,
  deleted_at timestamptz,
  delete_reason text
);
-- Manage Case finds a batch's cases by its name, so a name names one batch of the organisation.
CREATE UNIQUE INDEX bulk_batches_name ON bulk_batches (organisation_id, lower(name)) WHERE state <> 'draft';
CREATE INDEX bulk_batches_list ON bulk_batches (organisation_id, created_at DESC, id DESC) WHERE state <> 'draft';
-- Drafts are cleared after a day; batches waiting for credits are looked for by the resume job.
CREATE INDEX bulk_batches_waiting ON bulk_batches (state, created_at) WHERE state IN ('draft', 'paused');

CREATE TABLE bulk_rows (
  batch_id uuid NOT NULL REFERENCES bulk_batches(id) ON DELETE CASCADE,
  -- The row's line in the file (the header is line 1), as the error file and the downloads name it.
  row_number integer NOT NULL,
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  -- The checked search input of the row (common/bulk.ts BulkRowInput).
  input jsonb NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
  case_id uuid REFERENCES cases(id) ON DELETE SET NULL,
  -- Why the row could not be screened (failed rows spend nothing).
  error text,
  PRIMARY KEY (batch_id, row_number)
);

ALTER TABLE cases ADD COLUMN batch_id uuid REFERENCES bulk_batches(id) ON DELETE SET NULL;
CREATE INDEX cases_batch ON cases (organisation_id, lower(batch_name)) WHERE batch_name IS NOT NULL;
