-- Media Watcher (issue 14; docs/media-watcher.md): the article store every media search reads, and media cases.
--
-- media_articles holds the shared corpus (organisation_id NULL: every organisation with Media Watcher searches
-- it) and each organisation's own articles from its custom sources (organisation_id set; source_id names the
-- custom source, its foreign key is added by 0810_custom_sources.sql). Bodies are plain text.

-- The text search configuration of an article's language: its stemmer and stop words. Arabic, Russian and
-- the four Latin-script languages have Snowball stemmers in every Postgres (and PGlite) we run on; any other
-- language is indexed word for word.
CREATE FUNCTION media_ts_config(language text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (CASE language
      WHEN 'en' THEN 'english' WHEN 'es' THEN 'spanish' WHEN 'fr' THEN 'french' WHEN 'de' THEN 'german'
      WHEN 'ar' THEN 'arabic' WHEN 'ru' THEN 'russian' ELSE 'simple' END)::regconfig $$;

CREATE TABLE media_articles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid REFERENCES organisations(id) ON DELETE CASCADE,
  source_id uuid,
  -- The corpus or custom source the article came from (shown), and who published it.
  source text NOT NULL,
  publisher text,
  url text,
  -- The dedupe key within the owner (the shared corpus or one organisation): a feed item's guid, a URL, a path.
  guid text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  author text,
  published_at timestamptz,
  language text NOT NULL,
  countries text[] NOT NULL DEFAULT '{}',
  adverse boolean NOT NULL DEFAULT false,
  categories text[] NOT NULL DEFAULT '{}',
  keywords jsonb NOT NULL DEFAULT '{}',
  adverse_keywords text[] NOT NULL DEFAULT '{}',
  sentiment text NOT NULL DEFAULT 'neutral',
  sentiment_score real NOT NULL DEFAULT 0,
  -- Broad matches: stems in the article's language (media_ts_config), title weighted A and body B, and the
  -- cross-script keys of every word (server/media-corpus/fold.ts, lexemes starting with ~, no positions), so a
  -- name in any script finds its spellings through the same index.
  search_vector tsvector NOT NULL,
  -- The words as written (the 'simple' configuration, positions kept): exact phrases, no stemming.
  exact_vector tsvector NOT NULL,
  -- A digest of what was indexed: an unchanged article read again (a feed polled, the corpus reloaded) is skipped.
  content_hash text NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- NULLS NOT DISTINCT: the shared corpus (NULL) is one owner like any organisation, so its guids are unique too.
CREATE UNIQUE INDEX media_articles_guid ON media_articles (organisation_id, guid) NULLS NOT DISTINCT;
CREATE INDEX media_articles_search ON media_articles USING gin (search_vector);
CREATE INDEX media_articles_exact ON media_articles USING gin (exact_vector);
CREATE INDEX media_articles_countries ON media_articles USING gin (countries);
CREATE INDEX media_articles_published ON media_articles (published_at DESC);
CREATE INDEX media_articles_source ON media_articles (source_id) WHERE source_id IS NOT NULL;

-- The shared corpus as last loaded from MEDIA_DIR: the directory's fingerprint, so a start loads it only when
-- it is missing or changed; and whether the first start asked for sample media cases once it is loaded.
CREATE TABLE media_corpus_state (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  media_dir text,
  fingerprint text,
  articles integer NOT NULL DEFAULT 0,
  loaded_at timestamptz,
  sample_cases_pending boolean NOT NULL DEFAULT false
);

-- Media case references count per organisation ("MW-000001"), separately from screening cases.
CREATE TABLE media_case_counters (
  organisation_id uuid PRIMARY KEY REFERENCES organisations(id) ON DELETE CASCADE,
  last_value integer NOT NULL
);

CREATE TABLE media_cases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  reference text NOT NULL,
  name text NOT NULL,
  -- The search as made (common/media.ts MediaQuery), and its words for the list's search box.
  query jsonb NOT NULL,
  query_terms text NOT NULL DEFAULT '',
  article_count integer NOT NULL DEFAULT 0,
  adverse_count integer NOT NULL DEFAULT 0,
  categories text[] NOT NULL DEFAULT '{}',
  case_status text NOT NULL DEFAULT 'For Review' CHECK (case_status IN ('Passed', 'For Review', 'Failed')),
  risk_level text NOT NULL DEFAULT 'Unknown' CHECK (risk_level IN ('High', 'Medium', 'Low', 'Unknown')),
  is_read boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  is_deleted boolean NOT NULL DEFAULT false,
  deleted_by uuid REFERENCES users(id) ON DELETE SET NULL,
  deleted_at timestamptz,
  delete_reason text,
  UNIQUE (organisation_id, reference)
);
CREATE INDEX media_cases_list ON media_cases (organisation_id, is_deleted, created_at DESC);

CREATE TABLE media_case_articles (
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  media_case_id uuid NOT NULL REFERENCES media_cases(id) ON DELETE CASCADE,
  article_id uuid NOT NULL REFERENCES media_articles(id) ON DELETE CASCADE,
  position integer NOT NULL,
  match_status text NOT NULL DEFAULT 'Potential Match' CHECK (match_status IN ('Potential Match', 'True Positive', 'False Positive')),
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (media_case_id, article_id)
);
CREATE INDEX media_case_articles_article ON media_case_articles (article_id);
