CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "companies_published_id_idx";--> statement-breakpoint
DROP INDEX "experts_listed_id_idx";--> statement-breakpoint
CREATE INDEX "companies_listed_idx" ON "companies" USING btree (coalesce("publish_date", "created_at") DESC,"id" DESC) WHERE "companies"."profile_published";--> statement-breakpoint
CREATE INDEX "companies_search_trgm" ON "companies" USING gin (lower("name" || E'\n' || coalesce("company_name", '')) gin_trgm_ops) WHERE "companies"."profile_published";--> statement-breakpoint
CREATE INDEX "experts_listed_idx" ON "experts" USING btree (coalesce("publish_date", "created_at") DESC,"id" DESC) WHERE "experts"."profile_published" AND NOT "experts"."private";--> statement-breakpoint
CREATE INDEX "experts_search_trgm" ON "experts" USING gin (lower("name") gin_trgm_ops) WHERE "experts"."profile_published" AND NOT "experts"."private";--> statement-breakpoint
CREATE INDEX "match_scores_expert_strong_idx" ON "match_scores" USING btree ("expert_id","score") WHERE "match_scores"."score" >= 80;--> statement-breakpoint
CREATE INDEX "match_scores_company_strong_idx" ON "match_scores" USING btree ("company_id","score") WHERE "match_scores"."score" >= 80;