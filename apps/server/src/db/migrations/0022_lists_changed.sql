-- Each instance may keep the JSON answers of members' own lists (the suggestions, the connection requests, the
-- notifications: http/kept-lists.ts, lib/kept-lists.ts) with the members whose rows each was made of, and drops
-- them when a notification on the sessions' channel names one of those members (migration 0019 names them for a
-- change to their account, profile or contact rows). These triggers name the members of the lists' own rows:
-- 'lists:' and the user ids the statement touched, or 'lists:*' (drop every kept list) for a truncate, more than
-- 100 members, or a change to the settings (the connections' survey form, the community tab); a change to the
-- stored scores drops every kept community page ('lists:community'). Sent at the commit of the change.
CREATE OR REPLACE FUNCTION lists_changed_notify(n bigint, ids text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF n = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_notify('intergen_sessions_changed', 'lists:' || CASE WHEN n > 100 THEN '*' ELSE ids END);
END
$$;--> statement-breakpoint
-- Tables of pairs: match_suggestions, connection_requests (both members' lists show the row).
CREATE OR REPLACE FUNCTION lists_changed_by_pair() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('intergen_sessions_changed', 'lists:*');
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*), string_agg(id, ',') INTO n, ids
      FROM (SELECT expert_id AS id FROM new_rows UNION SELECT company_id FROM new_rows) AS members;
    PERFORM lists_changed_notify(n, ids);
  ELSE
    SELECT count(*), string_agg(id, ',') INTO n, ids
      FROM (SELECT expert_id AS id FROM old_rows UNION SELECT company_id FROM old_rows) AS members;
    PERFORM lists_changed_notify(n, ids);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- notifications: the recipient's list.
CREATE OR REPLACE FUNCTION lists_changed_by_user_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('intergen_sessions_changed', 'lists:*');
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*), string_agg(user_id, ',') INTO n, ids FROM (SELECT DISTINCT user_id FROM new_rows) AS members;
    PERFORM lists_changed_notify(n, ids);
  ELSE
    SELECT count(*), string_agg(user_id, ',') INTO n, ids FROM (SELECT DISTINCT user_id FROM old_rows) AS members;
    PERFORM lists_changed_notify(n, ids);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- settings: every list may show one (the survey form's address, whether the community tab is on).
CREATE OR REPLACE FUNCTION lists_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('intergen_sessions_changed', 'lists:*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lists_changed_ins AFTER INSERT ON match_suggestions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_by_pair();--> statement-breakpoint
CREATE TRIGGER lists_changed_upd AFTER UPDATE ON match_suggestions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_by_pair();--> statement-breakpoint
CREATE TRIGGER lists_changed_del AFTER DELETE ON match_suggestions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_by_pair();--> statement-breakpoint
CREATE TRIGGER lists_changed_trunc AFTER TRUNCATE ON match_suggestions
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_by_pair();--> statement-breakpoint
CREATE TRIGGER lists_changed_ins AFTER INSERT ON connection_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_by_pair();--> statement-breakpoint
CREATE TRIGGER lists_changed_upd AFTER UPDATE ON connection_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_by_pair();--> statement-breakpoint
CREATE TRIGGER lists_changed_del AFTER DELETE ON connection_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_by_pair();--> statement-breakpoint
CREATE TRIGGER lists_changed_trunc AFTER TRUNCATE ON connection_requests
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_by_pair();--> statement-breakpoint
CREATE TRIGGER lists_changed_ins AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_by_user_id();--> statement-breakpoint
CREATE TRIGGER lists_changed_upd AFTER UPDATE ON notifications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_by_user_id();--> statement-breakpoint
CREATE TRIGGER lists_changed_del AFTER DELETE ON notifications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_by_user_id();--> statement-breakpoint
CREATE TRIGGER lists_changed_trunc AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_by_user_id();--> statement-breakpoint
CREATE TRIGGER lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_all();
--> statement-breakpoint
-- match_scores: the community pages show the viewer's scores; any change drops every kept community page (a
-- publish rewrites one member's pairs with every counterpart: naming them would name everyone anyway).
CREATE OR REPLACE FUNCTION lists_changed_community() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('intergen_sessions_changed', 'lists:community');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON match_scores
  FOR EACH STATEMENT EXECUTE FUNCTION lists_changed_community();
