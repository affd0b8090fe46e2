DROP INDEX "companies_listed_idx";--> statement-breakpoint
DROP INDEX "experts_listed_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "listed_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(publish_date, created_at)) STORED;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "listed_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(publish_date, created_at)) STORED;--> statement-breakpoint
CREATE INDEX "companies_listed_id_idx" ON "companies" USING btree ("id","listed_at","name","company_name","facet_tokens") WHERE "companies"."profile_published";--> statement-breakpoint
CREATE INDEX "experts_listed_id_idx" ON "experts" USING btree ("id","listed_at","name","facet_tokens") WHERE "experts"."profile_published" AND NOT "experts"."private";--> statement-breakpoint
CREATE INDEX "companies_listed_idx" ON "companies" USING btree ("listed_at" DESC NULLS LAST,"id" DESC NULLS LAST,"name","company_name","facet_tokens") WHERE "companies"."profile_published";--> statement-breakpoint
CREATE INDEX "experts_listed_idx" ON "experts" USING btree ("listed_at" DESC NULLS LAST,"id" DESC NULLS LAST,"name","facet_tokens") WHERE "experts"."profile_published" AND NOT "experts"."private";