CREATE TABLE "crm_sent_properties" (
	"record" text PRIMARY KEY NOT NULL,
	"digests" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
