-- The article index: the built-in library and, when Ghost is configured, a copy of Ghost's
-- published posts (the Content API has no full-text search, so search runs here).
-- The search_* columns hold NFKC-normalised, lower-cased text written by the service, so the
-- SQL can rank with plain strpos() on PostgreSQL and PGlite alike (PGlite loads no pg_trgm).
CREATE TABLE articles (
  source text NOT NULL CHECK (source IN ('builtin', 'ghost')),
  id text NOT NULL,
  slug text NOT NULL,
  title text NOT NULL,
  excerpt text NOT NULL DEFAULT '',
  html text NOT NULL DEFAULT '',
  feature_image text,
  published_at timestamptz NOT NULL,
  reading_time integer NOT NULL DEFAULT 1,
  tags jsonb NOT NULL DEFAULT '[]',
  url text NOT NULL,
  search_title text NOT NULL DEFAULT '',
  search_tags text NOT NULL DEFAULT '',
  search_excerpt text NOT NULL DEFAULT '',
  search_body text NOT NULL DEFAULT '',
  indexed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, id)
);
CREATE UNIQUE INDEX articles_source_slug ON articles (source, slug);
CREATE INDEX articles_source_published ON articles (source, published_at DESC);
