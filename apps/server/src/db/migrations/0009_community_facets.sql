-- The community filters of spec 001 §5 as tokens, for one GIN index over any mix of them (and the name search).
CREATE OR REPLACE FUNCTION community_facets(experience jsonb, areas jsonb, investment text, board text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(token), '{}') FROM (
    SELECT 'i:' || key AS token FROM jsonb_each(CASE WHEN jsonb_typeof(experience) = 'object' THEN experience ELSE '{}'::jsonb END) WHERE value = 'true'::jsonb
    UNION ALL SELECT 'a:' || key FROM jsonb_each(CASE WHEN jsonb_typeof(areas) = 'object' THEN areas ELSE '{}'::jsonb END) WHERE value = 'true'::jsonb
    UNION ALL SELECT 'inv' WHERE investment = 'yes'
    UNION ALL SELECT 'board' WHERE board = 'yes'
  ) tokens
$$;--> statement-breakpoint
DROP INDEX "companies_search_trgm";--> statement-breakpoint
DROP INDEX "companies_experience_gin";--> statement-breakpoint
DROP INDEX "companies_areas_gin";--> statement-breakpoint
DROP INDEX "experts_search_trgm";--> statement-breakpoint
DROP INDEX "experts_experience_gin";--> statement-breakpoint
DROP INDEX "experts_areas_gin";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "facet_tokens" text[] GENERATED ALWAYS AS (community_facets(experience, areas_of_improvement, investment_opportunities, board_opportunities)) STORED;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "facet_tokens" text[] GENERATED ALWAYS AS (community_facets(experience, areas_of_improvement, investment_opportunities, board_opportunities)) STORED;--> statement-breakpoint
CREATE INDEX "companies_community_gin" ON "companies" USING gin ("facet_tokens",lower("name" || E'\n' || coalesce("company_name", '')) gin_trgm_ops) WITH (fastupdate=false) WHERE "companies"."profile_published";--> statement-breakpoint
CREATE INDEX "experts_community_gin" ON "experts" USING gin ("facet_tokens",lower("name") gin_trgm_ops) WITH (fastupdate=false) WHERE "experts"."profile_published" AND NOT "experts"."private";