CREATE TABLE "match_scores" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"expert_id" text NOT NULL,
	"company_id" text NOT NULL,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_suggestions" (
	"id" text PRIMARY KEY NOT NULL,
	"expert_id" text NOT NULL,
	"company_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"deal_id" text,
	"request_sent" boolean DEFAULT false NOT NULL,
	"request_sent_at" timestamp with time zone,
	"not_interested" boolean DEFAULT false NOT NULL,
	"not_interested_by_company" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"source_event_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matching_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" text,
	"pairs" bigint DEFAULT 0 NOT NULL,
	"written" bigint DEFAULT 0 NOT NULL,
	"suggestions_created" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"suggestion_id" text,
	"request_id" text,
	"connection_id" text,
	"has_seen" boolean DEFAULT false NOT NULL,
	"has_dismissed" boolean DEFAULT false NOT NULL,
	"has_explored" boolean DEFAULT false NOT NULL,
	"email_sent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_scores" ADD CONSTRAINT "match_scores_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_scores" ADD CONSTRAINT "match_scores_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_suggestions" ADD CONSTRAINT "match_suggestions_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_suggestions" ADD CONSTRAINT "match_suggestions_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_suggestion_id_match_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."match_suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_scores_pair_idx" ON "match_scores" USING btree ("expert_id","company_id");--> statement-breakpoint
CREATE INDEX "match_scores_company_idx" ON "match_scores" USING btree ("company_id","expert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_suggestions_pair_idx" ON "match_suggestions" USING btree ("expert_id","company_id");--> statement-breakpoint
CREATE INDEX "match_suggestions_company_idx" ON "match_suggestions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "match_suggestions_source_idx" ON "match_suggestions" USING btree ("source_event_id") WHERE "match_suggestions"."source_event_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "matching_runs_created_idx" ON "matching_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_suggestion_idx" ON "notifications" USING btree ("suggestion_id");--> statement-breakpoint
CREATE INDEX "companies_published_id_idx" ON "companies" USING btree ("id") WHERE "companies"."profile_published";--> statement-breakpoint
CREATE INDEX "companies_experience_gin" ON "companies" USING gin ("experience" jsonb_path_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "companies_areas_gin" ON "companies" USING gin ("areas_of_improvement" jsonb_path_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "experts_listed_id_idx" ON "experts" USING btree ("id") WHERE "experts"."profile_published" AND NOT "experts"."private";--> statement-breakpoint
CREATE INDEX "experts_experience_gin" ON "experts" USING gin ("experience" jsonb_path_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "experts_areas_gin" ON "experts" USING gin ("areas_of_improvement" jsonb_path_ops) WITH (fastupdate=false);