-- A digest per expert of the strong pairs the last batch reconciled its stored scores against
-- (modules/matching/batch.ts): a batch that computes the same digest again skips reading that expert's rows, so a
-- re-score with nothing changed reads one short row per expert instead of every stored score. The digest is kept
-- only while nothing else has written the expert's rows: every other statement that inserts, updates or deletes
-- rows of match_scores (a publish's job, a suggestion, a member's cascade, psql) deletes the digests of their
-- experts, by the triggers below, once per statement from its transition table; the batch saves its digests after
-- its own rows, in the same transaction. Without a digest the batch reads and compares the rows, as before.
-- Every stored score is a strong match (migration 0020), so a company's partial "strong" index and its
-- (company_id, expert_id) index held the same rows: one full (company_id, score) index replaces both, one index
-- less to write per score.
CREATE TABLE "match_score_digests" (
	"expert_id" text PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "match_scores_company_idx";--> statement-breakpoint
DROP INDEX "match_scores_company_strong_idx";--> statement-breakpoint
ALTER TABLE "match_score_digests" ADD CONSTRAINT "match_score_digests_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_scores_company_score_idx" ON "match_scores" USING btree ("company_id","score");--> statement-breakpoint
CREATE OR REPLACE FUNCTION match_score_digests_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM match_score_digests;
  ELSE
    DELETE FROM match_score_digests d USING (SELECT DISTINCT expert_id FROM changed) c WHERE d.expert_id = c.expert_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER match_scores_inserted_forget AFTER INSERT ON match_scores REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION match_score_digests_forget();--> statement-breakpoint
CREATE TRIGGER match_scores_updated_forget AFTER UPDATE ON match_scores REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION match_score_digests_forget();--> statement-breakpoint
CREATE TRIGGER match_scores_deleted_forget AFTER DELETE ON match_scores REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION match_score_digests_forget();--> statement-breakpoint
CREATE TRIGGER match_scores_truncated_forget AFTER TRUNCATE ON match_scores
  FOR EACH STATEMENT EXECUTE FUNCTION match_score_digests_forget();
