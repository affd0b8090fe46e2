-- The exact total of an unfiltered community list ("N experts", spec 001 §5) without counting every listed row:
-- how many profiles of each kind the lists show, kept by the database in the transaction of every change.
-- Listed means exactly what the lists' WHERE says (members/community.repository.ts, filterConditions) and the
-- partial indexes of the lists hold: an expert published and not private, a company published. Every other
-- state (pending, paused, disabled, deactivated) clears profile_published; a deleted member's rows are deleted.
-- Inserts and deletes count their transition table once per statement (a 5,000-row seed is one update of the
-- count, not 5,000); an update counts only when it changes whether the row is listed (the trigger's WHEN, so
-- saves, ratings and the matching job's writes never fire it). The count's row is locked by the update until
-- the change commits: two transactions publishing at once take turns on it, and neither's change is lost.
CREATE TABLE "community_counts" (
	"kind" text PRIMARY KEY NOT NULL,
	"listed" integer NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION community_count_add(list_kind text, delta bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF delta <> 0 THEN
    UPDATE community_counts SET listed = listed + delta WHERE kind = list_kind;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION experts_listed_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM community_count_add('expert', (SELECT count(*) FROM added WHERE profile_published AND NOT private));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM community_count_add('expert', -(SELECT count(*) FROM removed WHERE profile_published AND NOT private));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM community_count_add('expert', CASE WHEN NEW.profile_published AND NOT NEW.private THEN 1 ELSE -1 END);
  ELSE
    UPDATE community_counts SET listed = 0 WHERE kind = 'expert';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_listed_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM community_count_add('company', (SELECT count(*) FROM added WHERE profile_published));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM community_count_add('company', -(SELECT count(*) FROM removed WHERE profile_published));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM community_count_add('company', CASE WHEN NEW.profile_published THEN 1 ELSE -1 END);
  ELSE
    UPDATE community_counts SET listed = 0 WHERE kind = 'company';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- No write to the profiles between the triggers' start and the backfill's count (the migration is one transaction).
LOCK TABLE experts, companies IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TRIGGER experts_listed_inserted AFTER INSERT ON experts REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION experts_listed_count();--> statement-breakpoint
CREATE TRIGGER experts_listed_deleted AFTER DELETE ON experts REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION experts_listed_count();--> statement-breakpoint
CREATE TRIGGER experts_listed_updated AFTER UPDATE OF profile_published, private ON experts FOR EACH ROW
  WHEN ((OLD.profile_published AND NOT OLD.private) IS DISTINCT FROM (NEW.profile_published AND NOT NEW.private))
  EXECUTE FUNCTION experts_listed_count();--> statement-breakpoint
CREATE TRIGGER experts_listed_truncated AFTER TRUNCATE ON experts
  FOR EACH STATEMENT EXECUTE FUNCTION experts_listed_count();--> statement-breakpoint
CREATE TRIGGER companies_listed_inserted AFTER INSERT ON companies REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION companies_listed_count();--> statement-breakpoint
CREATE TRIGGER companies_listed_deleted AFTER DELETE ON companies REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION companies_listed_count();--> statement-breakpoint
CREATE TRIGGER companies_listed_updated AFTER UPDATE OF profile_published ON companies FOR EACH ROW
  WHEN (OLD.profile_published IS DISTINCT FROM NEW.profile_published)
  EXECUTE FUNCTION companies_listed_count();--> statement-breakpoint
CREATE TRIGGER companies_listed_truncated AFTER TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION companies_listed_count();--> statement-breakpoint
INSERT INTO community_counts (kind, listed)
  SELECT 'expert', count(*) FROM experts WHERE profile_published AND NOT private
  UNION ALL
  SELECT 'company', count(*) FROM companies WHERE profile_published;
