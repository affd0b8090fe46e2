-- The community search (spec 001 §5: the lower-cased text contains the search) as exact index keys: every
-- three-character substring of the searched text, as 'n:' || substring, in the community GIN index beside the
-- filter tokens. A search of three characters is one key, exact: no row is read to recheck it; a longer one
-- asks for all its three-character substrings, and only the rows that have them all are checked against the
-- text. Shorter searches are checked on the rows the filters select. (Keys of one and two characters were
-- measured too: as exact for short searches, but their huge posting lists made every insert ~5× dearer.)
-- Replaces the pg_trgm operator class of 0009, whose matches were lossy, so every candidate row was rechecked.
CREATE OR REPLACE FUNCTION community_grams(searched text)
RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT 'n:' || substr(searched, i, 3)), '{}')
  FROM generate_series(1, char_length(searched) - 2) AS i
$$;--> statement-breakpoint
DROP INDEX "companies_community_gin";--> statement-breakpoint
DROP INDEX "experts_community_gin";--> statement-breakpoint
CREATE INDEX "companies_community_gin" ON "companies" USING gin ("facet_tokens",community_grams(lower("name" || E'\n' || coalesce("company_name", '')))) WITH (fastupdate=false) WHERE "companies"."profile_published";--> statement-breakpoint
CREATE INDEX "experts_community_gin" ON "experts" USING gin ("facet_tokens",community_grams(lower("name"))) WITH (fastupdate=false) WHERE "experts"."profile_published" AND NOT "experts"."private";