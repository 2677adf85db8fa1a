-- Custom sources (issue 14; docs/custom-sources.md): an organisation's own news feeds, read on a schedule into
-- its own articles (media_articles, 0800), the mentions of a screening case's names in the articles (the
-- Adverse Media tab), and what adverse-media monitoring needs on a case.

CREATE TABLE custom_sources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  publisher_name text NOT NULL,
  url text NOT NULL,
  description text NOT NULL,
  frequency_minutes integer NOT NULL CHECK (frequency_minutes BETWEEN 15 AND 480),
  -- In-Progress until the first successful read, Live after it, In-Active while an administrator pauses it.
  status text NOT NULL DEFAULT 'In-Progress' CHECK (status IN ('In-Progress', 'In-Active', 'Live')),
  -- The validators of the last answer, sent back as If-None-Match / If-Modified-Since (a 304 reads nothing).
  etag text,
  last_modified text,
  last_polled_at timestamptz,
  last_success_at timestamptz,
  -- When the next read is due: the poll sweep enqueues a read for every source due and not paused, so
  -- nothing is lost to a restart.
  next_poll_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  -- Reads failed in a row; the next one waits min(frequency, 2^failures minutes).
  failures integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One source per feed address in an organisation.
CREATE UNIQUE INDEX custom_sources_url ON custom_sources (organisation_id, url);
CREATE INDEX custom_sources_list ON custom_sources (organisation_id, created_at DESC, id DESC);
-- What the poll sweep looks for.
CREATE INDEX custom_sources_due ON custom_sources (next_poll_at) WHERE status <> 'In-Active';

-- A deleted source's articles stay (media cases and mentions may hold them); they are no longer refreshed.
ALTER TABLE media_articles ADD CONSTRAINT media_articles_custom_source FOREIGN KEY (source_id) REFERENCES custom_sources(id) ON DELETE SET NULL;
CREATE INDEX IF NOT EXISTS media_articles_custom_source ON media_articles (source_id) WHERE source_id IS NOT NULL;
-- Adverse-media monitoring looks for articles that arrived after a case's last check.
CREATE INDEX IF NOT EXISTS media_articles_ingested ON media_articles (ingested_at);

-- A mention of a case's searched name (hit_id NULL) or of one of its entities' names in an article.
CREATE TABLE case_media_mentions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  case_id uuid NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
  hit_id uuid REFERENCES case_hits(id) ON DELETE CASCADE,
  article_id uuid NOT NULL REFERENCES media_articles(id) ON DELETE CASCADE,
  -- The name (searched name, primary name or alias) and the article's words that name it.
  matched_name text NOT NULL,
  matched_text text NOT NULL,
  score real NOT NULL,
  -- Found by monitoring and not yet seen on the Adverse Media tab.
  is_new boolean NOT NULL DEFAULT false,
  found_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE NULLS NOT DISTINCT (case_id, hit_id, article_id)
);
CREATE INDEX case_media_mentions_case ON case_media_mentions (organisation_id, case_id, hit_id);

-- The article ingestion time up to which adverse-media monitoring has looked for the case's mentions.
ALTER TABLE cases ADD COLUMN media_checked_at timestamptz;
-- When the Adverse Media tab first looked for the searched name's mentions (null: never), and the same per entity.
ALTER TABLE cases ADD COLUMN media_scanned_at timestamptz;
ALTER TABLE case_hits ADD COLUMN media_scanned_at timestamptz;
