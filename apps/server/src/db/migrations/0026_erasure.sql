ALTER TABLE "mailbox" ADD COLUMN "about" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "forget_when_done" boolean DEFAULT false NOT NULL;