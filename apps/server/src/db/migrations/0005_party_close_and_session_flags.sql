ALTER TABLE "connection_requests" ADD COLUMN "expert_closed_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connection_requests" ADD COLUMN "company_closed_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "annual_confirmation_postponed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Connections closed before each party had its own close: who closed is unknown, so both prompts stay ended.
UPDATE "connection_requests" SET "expert_closed_on" = "closed_on", "company_closed_on" = "closed_on" WHERE "closed" = true;
