-- Progress of background jobs (server/jobs/queue.ts). The jobs themselves live in pg-boss's own
-- schema (pgboss), which pg-boss creates and migrates when the queue starts; progress is ours
-- because pg-boss keeps none, and a caller (a bulk search's progress bar) reads it by job id.
CREATE TABLE job_progress (
  job_id uuid PRIMARY KEY,
  kind text NOT NULL,
  done integer NOT NULL DEFAULT 0,
  total integer,
  message text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_progress_updated ON job_progress (updated_at);
