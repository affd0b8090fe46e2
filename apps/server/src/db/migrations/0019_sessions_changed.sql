-- Each instance may keep looked-up sessions in memory with what the lookup read of their member (the account,
-- the profile row, the contact row: modules/auth/sessions.cache.ts), and drops a member's entries when this
-- notification names them: any insert, update or delete of those rows or of a session, whoever made it (a request
-- on any instance, a job, an operator in psql). Sent at the commit of the changing transaction, once per
-- statement: the user ids the statement touched, or '*' (drop everything) for a truncate or more than 100 rows.
CREATE OR REPLACE FUNCTION sessions_changed_notify(n bigint, ids text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF n = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_notify('intergen_sessions_changed', CASE WHEN n > 100 THEN '*' ELSE ids END);
END
$$;--> statement-breakpoint
-- Tables keyed by the user's id: users, experts, companies.
CREATE OR REPLACE FUNCTION sessions_changed_by_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('intergen_sessions_changed', '*');
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*), string_agg(DISTINCT id, ',') INTO n, ids FROM new_rows;
    PERFORM sessions_changed_notify(n, ids);
  ELSE
    SELECT count(*), string_agg(DISTINCT id, ',') INTO n, ids FROM old_rows;
    PERFORM sessions_changed_notify(n, ids);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Tables that point at the user: contact_info, sessions.
CREATE OR REPLACE FUNCTION sessions_changed_by_user_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('intergen_sessions_changed', '*');
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*), string_agg(DISTINCT user_id, ',') INTO n, ids FROM new_rows;
    PERFORM sessions_changed_notify(n, ids);
  ELSE
    SELECT count(*), string_agg(DISTINCT user_id, ',') INTO n, ids FROM old_rows;
    PERFORM sessions_changed_notify(n, ids);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_changed_ins AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_trunc AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_ins AFTER INSERT ON experts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_upd AFTER UPDATE ON experts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_del AFTER DELETE ON experts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_trunc AFTER TRUNCATE ON experts
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_ins AFTER INSERT ON companies REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_upd AFTER UPDATE ON companies REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_del AFTER DELETE ON companies REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_trunc AFTER TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_ins AFTER INSERT ON contact_info REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_user_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_upd AFTER UPDATE ON contact_info REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_user_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_del AFTER DELETE ON contact_info REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_user_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_trunc AFTER TRUNCATE ON contact_info
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_user_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_upd AFTER UPDATE ON sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_user_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_del AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_user_id();--> statement-breakpoint
CREATE TRIGGER sessions_changed_trunc AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_by_user_id();
