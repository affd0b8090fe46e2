-- Each instance keeps the run-time settings in memory (modules/settings/settings.cache.ts) and drops them when
-- this notification says the table changed, whoever changed it (an admin on another instance, an operator in
-- psql). Sent at the commit of the changing transaction, once per statement.
CREATE OR REPLACE FUNCTION settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('intergen_settings_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
