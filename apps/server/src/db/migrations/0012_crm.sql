CREATE TABLE "crm_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"properties" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_deal_stages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deal_id" text NOT NULL,
	"stage" text NOT NULL,
	"lost_reason" text,
	"properties" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_deals" (
	"id" text PRIMARY KEY NOT NULL,
	"pipeline" text NOT NULL,
	"deal_key" text,
	"first_contact_id" text NOT NULL,
	"second_contact_id" text NOT NULL,
	"stage" text NOT NULL,
	"lost_reason" text,
	"properties" jsonb NOT NULL,
	"last_event_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "ordering_key" text;--> statement-breakpoint
ALTER TABLE "crm_deal_stages" ADD CONSTRAINT "crm_deal_stages_deal_id_crm_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crm_deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_first_contact_id_crm_contacts_id_fk" FOREIGN KEY ("first_contact_id") REFERENCES "public"."crm_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_second_contact_id_crm_contacts_id_fk" FOREIGN KEY ("second_contact_id") REFERENCES "public"."crm_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_contacts_member_idx" ON "crm_contacts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "crm_contacts_name_idx" ON "crm_contacts" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "crm_deal_stages_deal_idx" ON "crm_deal_stages" USING btree ("deal_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_deals_key_idx" ON "crm_deals" USING btree ("deal_key");--> statement-breakpoint
CREATE INDEX "crm_deals_board_idx" ON "crm_deals" USING btree ("pipeline","stage","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "outbox_ordering_idx" ON "outbox" USING btree ("ordering_key","id") WHERE "outbox"."status" = 'pending' AND "outbox"."ordering_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_dead_idx" ON "outbox" USING btree ("topic","id") WHERE "outbox"."status" = 'dead';