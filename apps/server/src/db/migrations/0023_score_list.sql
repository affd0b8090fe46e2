-- The admin's Scores list at scale (10^8 stored scores and more, a full re-score's size). A page sorted
-- by score or by last change walks (score, id) or (updated_at, id) instead of sorting the whole table; both
-- indexes grow at one end (per score value, in time), so the batch's inserts stay cheap. The unfiltered total,
-- or the total above a minimum score, is the sum of match_score_counts instead of counting every row.
-- match_score_counts holds rows of changes, one per score value and statement: the triggers below add them in the
-- statement's own transaction from its transition table, so they commit or roll back with it. They only ever
-- insert, so the batch's two chunks in flight and a publish's job never wait for each other on a counter row.
-- Every 64th statement folds the rows into one per score value, unless another transaction is folding (an
-- advisory lock it tries, never waits for): a fold deletes the rows it sees and inserts their sums, so a change
-- committed meanwhile is neither lost nor counted twice. TRUNCATE takes the table from every writer, then empties
-- the counts.
CREATE TABLE "match_score_counts" (
	"score" integer NOT NULL,
	"rows" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "match_scores_score_idx" ON "match_scores" USING btree ("score","id");--> statement-breakpoint
CREATE INDEX "match_scores_updated_idx" ON "match_scores" USING btree ("updated_at","id");--> statement-breakpoint
CREATE SEQUENCE match_score_counts_statements;--> statement-breakpoint
CREATE OR REPLACE FUNCTION match_score_counts_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- 23000 + 'S': the advisory lock's key for folding the counts.
  IF pg_try_advisory_xact_lock(23083) THEN
    WITH folded AS (DELETE FROM match_score_counts RETURNING score, rows)
    INSERT INTO match_score_counts (score, rows)
      SELECT score, sum(rows) FROM folded GROUP BY score HAVING sum(rows) <> 0;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION match_score_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM match_score_counts;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO match_score_counts (score, rows) SELECT score, count(*) FROM added GROUP BY score;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO match_score_counts (score, rows) SELECT score, -count(*) FROM removed GROUP BY score;
  ELSE
    INSERT INTO match_score_counts (score, rows)
      SELECT score, sum(n) FROM (SELECT score, 1 AS n FROM added UNION ALL SELECT score, -1 FROM removed) d
      GROUP BY score HAVING sum(n) <> 0;
  END IF;
  IF nextval('match_score_counts_statements') % 64 = 0 THEN
    PERFORM match_score_counts_fold();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- No write to the scores between the triggers' start and the backfill's count (the migration is one transaction).
LOCK TABLE match_scores IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TRIGGER match_scores_inserted_count AFTER INSERT ON match_scores REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION match_score_counts_add();--> statement-breakpoint
CREATE TRIGGER match_scores_updated_count AFTER UPDATE ON match_scores
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION match_score_counts_add();--> statement-breakpoint
CREATE TRIGGER match_scores_deleted_count AFTER DELETE ON match_scores REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION match_score_counts_add();--> statement-breakpoint
CREATE TRIGGER match_scores_truncated_count AFTER TRUNCATE ON match_scores
  FOR EACH STATEMENT EXECUTE FUNCTION match_score_counts_add();--> statement-breakpoint
INSERT INTO match_score_counts (score, rows) SELECT score, count(*) FROM match_scores GROUP BY score;
