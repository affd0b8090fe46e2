CREATE TABLE "connection_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"expert_id" text NOT NULL,
	"company_id" text NOT NULL,
	"requested_by" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"not_interested" boolean DEFAULT false NOT NULL,
	"accepted" boolean DEFAULT false NOT NULL,
	"dismissed" boolean DEFAULT false NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"is_pending" boolean DEFAULT false NOT NULL,
	"request_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"connected_on" timestamp with time zone,
	"closed_on" timestamp with time zone,
	"expert_completed_survey" boolean DEFAULT false NOT NULL,
	"company_completed_survey" boolean DEFAULT false NOT NULL,
	"expert_rating" integer,
	"venture_rating" integer,
	"expert_comment" text,
	"company_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"target_id" text,
	"tab" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connection_requests" ADD CONSTRAINT "connection_requests_id_match_suggestions_id_fk" FOREIGN KEY ("id") REFERENCES "public"."match_suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_requests" ADD CONSTRAINT "connection_requests_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_requests" ADD CONSTRAINT "connection_requests_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connection_requests_pair_idx" ON "connection_requests" USING btree ("expert_id","company_id");--> statement-breakpoint
CREATE INDEX "connection_requests_company_idx" ON "connection_requests" USING btree ("company_id","request_sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "connection_requests_expert_idx" ON "connection_requests" USING btree ("expert_id","request_sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tracking_events_type_idx" ON "tracking_events" USING btree ("type","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_request_id_connection_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."connection_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_request_idx" ON "notifications" USING btree ("request_id");