-- The kept lists' change signals (migration 0022) name the table that changed: 'lists:' || table || ':' and the
-- user ids the statement touched, or '*' (every list read from that table) for a truncate, more than 100
-- members, or a change to the settings; a change to the stored scores names every community page
-- ('lists:match_scores:community'). Each kept list declares the tables it reads (lib/kept-lists.ts, `KeptReads`),
-- so a change drops only the lists read from its table: a new notification no longer drops the member's
-- suggestions and connections. Sent at the commit of the change, as before.
CREATE OR REPLACE FUNCTION lists_changed_notify(n bigint, ids text, changed text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF n = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_notify('intergen_sessions_changed',
    'lists:' || changed || ':' || CASE WHEN n > 100 THEN '*' ELSE ids END);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lists_changed_by_pair() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('intergen_sessions_changed', 'lists:' || TG_TABLE_NAME || ':*');
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*), string_agg(id, ',') INTO n, ids
      FROM (SELECT expert_id AS id FROM new_rows UNION SELECT company_id FROM new_rows) AS members;
    PERFORM lists_changed_notify(n, ids, TG_TABLE_NAME);
  ELSE
    SELECT count(*), string_agg(id, ',') INTO n, ids
      FROM (SELECT expert_id AS id FROM old_rows UNION SELECT company_id FROM old_rows) AS members;
    PERFORM lists_changed_notify(n, ids, TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lists_changed_by_user_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('intergen_sessions_changed', 'lists:' || TG_TABLE_NAME || ':*');
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*), string_agg(user_id, ',') INTO n, ids FROM (SELECT DISTINCT user_id FROM new_rows) AS members;
    PERFORM lists_changed_notify(n, ids, TG_TABLE_NAME);
  ELSE
    SELECT count(*), string_agg(user_id, ',') INTO n, ids FROM (SELECT DISTINCT user_id FROM old_rows) AS members;
    PERFORM lists_changed_notify(n, ids, TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lists_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('intergen_sessions_changed', 'lists:' || TG_TABLE_NAME || ':*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lists_changed_community() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('intergen_sessions_changed', 'lists:' || TG_TABLE_NAME || ':community');
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP FUNCTION lists_changed_notify(bigint, text);
