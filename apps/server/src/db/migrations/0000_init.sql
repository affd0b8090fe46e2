CREATE TABLE "auth_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"redirect" text,
	"deal_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"has_been_welcomed" boolean DEFAULT false NOT NULL,
	"onboarding_complete" boolean DEFAULT false NOT NULL,
	"profile_complete" boolean DEFAULT false NOT NULL,
	"profile_pending" boolean DEFAULT false NOT NULL,
	"profile_published" boolean DEFAULT false NOT NULL,
	"publish_date" timestamp with time zone,
	"getting_started_dismissed" boolean DEFAULT false NOT NULL,
	"disable_reason" text,
	"disabled_date" timestamp with time zone,
	"deactivated_date" timestamp with time zone,
	"deactivate_reason" text,
	"paused_date" timestamp with time zone,
	"pause_reason" text,
	"last_paused_by" text,
	"has_email_verification_code" boolean DEFAULT false NOT NULL,
	"number_of_ratings" integer DEFAULT 0 NOT NULL,
	"average_rating" double precision DEFAULT 0 NOT NULL,
	"profile_image" jsonb,
	"about" text,
	"inter_gen_data" jsonb,
	"experience" jsonb,
	"areas_of_improvement" jsonb,
	"ideal_engagement" jsonb,
	"business_type" text,
	"anything_else" text,
	"investment_opportunities" text,
	"board_opportunities" text,
	"not_interested_experts" text[] DEFAULT '{}'::text[] NOT NULL,
	"temp_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_financials" jsonb,
	"company_seeking" jsonb,
	"arrangement" text,
	"general_company_info" jsonb,
	"current_stage" text,
	"suggested_expert_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"supporting_documents" jsonb
);
--> statement-breakpoint
CREATE TABLE "contact_info" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"linkedin" text,
	"job_title" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_verification_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"has_been_welcomed" boolean DEFAULT false NOT NULL,
	"onboarding_complete" boolean DEFAULT false NOT NULL,
	"profile_complete" boolean DEFAULT false NOT NULL,
	"profile_pending" boolean DEFAULT false NOT NULL,
	"profile_published" boolean DEFAULT false NOT NULL,
	"publish_date" timestamp with time zone,
	"getting_started_dismissed" boolean DEFAULT false NOT NULL,
	"disable_reason" text,
	"disabled_date" timestamp with time zone,
	"deactivated_date" timestamp with time zone,
	"deactivate_reason" text,
	"paused_date" timestamp with time zone,
	"pause_reason" text,
	"last_paused_by" text,
	"has_email_verification_code" boolean DEFAULT false NOT NULL,
	"number_of_ratings" integer DEFAULT 0 NOT NULL,
	"average_rating" double precision DEFAULT 0 NOT NULL,
	"profile_image" jsonb,
	"about" text,
	"inter_gen_data" jsonb,
	"experience" jsonb,
	"areas_of_improvement" jsonb,
	"ideal_engagement" jsonb,
	"business_type" text,
	"anything_else" text,
	"investment_opportunities" text,
	"board_opportunities" text,
	"not_interested_experts" text[] DEFAULT '{}'::text[] NOT NULL,
	"temp_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"engagement" jsonb,
	"interests" jsonb,
	"current_stage" jsonb,
	"not_interested_companies" text[] DEFAULT '{}'::text[] NOT NULL,
	"connected_company_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"suggested_company_ids" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"kind" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"login_removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_info" ADD CONSTRAINT "contact_info_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verification_codes" ADD CONSTRAINT "email_verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "mailbox_created_idx" ON "mailbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_idempotency_idx" ON "outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");