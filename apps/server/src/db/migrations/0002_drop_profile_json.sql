ALTER TABLE "companies" DROP COLUMN "company_financials";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "company_seeking";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "general_company_info";--> statement-breakpoint
ALTER TABLE "experts" DROP COLUMN "engagement";