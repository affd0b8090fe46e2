CREATE TABLE "network_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"initiator_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"status" text DEFAULT 'requesting' NOT NULL,
	"via_company_id" text,
	"company_name" text,
	"deal_id" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"connected_on" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "network_request_id" text;--> statement-breakpoint
ALTER TABLE "network_requests" ADD CONSTRAINT "network_requests_initiator_id_users_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_requests" ADD CONSTRAINT "network_requests_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "network_requests_open_pair_idx" ON "network_requests" USING btree (least("initiator_id", "recipient_id"),greatest("initiator_id", "recipient_id")) WHERE "network_requests"."status" IN ('requesting', 'connected');--> statement-breakpoint
CREATE INDEX "network_requests_initiator_idx" ON "network_requests" USING btree ("initiator_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "network_requests_recipient_idx" ON "network_requests" USING btree ("recipient_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_network_request_id_network_requests_id_fk" FOREIGN KEY ("network_request_id") REFERENCES "public"."network_requests"("id") ON DELETE cascade ON UPDATE no action;