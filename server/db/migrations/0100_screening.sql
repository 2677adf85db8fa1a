-- Screening: list load history with diffs, the per-entity snapshot of the last
-- good load of each list (content hashes, for the next diff), and the entities
-- each load added, changed or removed (for re-screening by ongoing monitoring).

CREATE TABLE screening_list_loads (
  id bigserial PRIMARY KEY,
  list_id text NOT NULL,
  origin text NOT NULL CHECK (origin IN ('directory', 'download')),
  status text NOT NULL CHECK (status IN ('loaded', 'unchanged', 'failed')),
  version text,
  entities integer,
  added integer NOT NULL DEFAULT 0,
  changed integer NOT NULL DEFAULT 0,
  removed integer NOT NULL DEFAULT 0,
  error text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX screening_list_loads_by_list ON screening_list_loads (list_id, id DESC);

CREATE TABLE screening_list_entities (
  list_id text NOT NULL,
  entity_id text NOT NULL,
  content_hash text NOT NULL,
  name text NOT NULL,
  last_load_id bigint REFERENCES screening_list_loads(id) ON DELETE SET NULL,
  PRIMARY KEY (list_id, entity_id)
);

CREATE TABLE screening_list_changes (
  load_id bigint NOT NULL REFERENCES screening_list_loads(id) ON DELETE CASCADE,
  entity_id text NOT NULL,
  change text NOT NULL CHECK (change IN ('added', 'changed', 'removed')),
  PRIMARY KEY (load_id, entity_id)
);
