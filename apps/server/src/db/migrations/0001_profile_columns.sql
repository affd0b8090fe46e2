CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"user_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "slogan" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "company_size" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "years_in_business" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "revenue" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "capital" text;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "arrangement" text;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "engagement_type" text;--> statement-breakpoint
CREATE INDEX "domain_events_user_idx" ON "domain_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "domain_events_type_idx" ON "domain_events" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "experts_created_idx" ON "experts" USING btree ("created_at");--> statement-breakpoint
-- Carry values of the structured jsonb columns into the flat columns (the jsonb columns are dropped by 0002).
UPDATE "companies" SET
	"company_name" = COALESCE("company_name", "general_company_info"->>'companyName'),
	"slogan" = COALESCE("slogan", "general_company_info"->>'slogan'),
	"company_size" = COALESCE("company_size", CASE WHEN ("general_company_info"->>'companySize') ~ '^[0-9]{1,9}$' THEN ("general_company_info"->>'companySize')::integer END),
	"years_in_business" = COALESCE("years_in_business", CASE WHEN ("general_company_info"->>'yearsInBusiness') ~ '^[0-9]{1,9}$' THEN ("general_company_info"->>'yearsInBusiness')::integer END),
	"website" = COALESCE("website", "general_company_info"->>'website'),
	"business_type" = COALESCE("business_type", "general_company_info"->>'businessType'),
	"revenue" = COALESCE("revenue", "company_financials"->>'revenue'),
	"capital" = COALESCE("capital", "company_financials"->>'capital'),
	"anything_else" = COALESCE("anything_else", "company_seeking"->>'anythingElse'),
	"ideal_engagement" = COALESCE("ideal_engagement", NULLIF(jsonb_strip_nulls(jsonb_build_object(
		'handsOn', ("company_seeking"->'handsOn'), 'mentor', ("company_seeking"->'mentor'),
		'advice', ("company_seeking"->'advice'), 'talent', ("company_seeking"->'talent'))), '{}'::jsonb))
WHERE "general_company_info" IS NOT NULL OR "company_financials" IS NOT NULL OR "company_seeking" IS NOT NULL;
--> statement-breakpoint
UPDATE "experts" SET
	"arrangement" = COALESCE("arrangement", "engagement"->>'arrangement'),
	"engagement_type" = COALESCE("engagement_type", "engagement"->>'type')
WHERE "engagement" IS NOT NULL;
