-- More of SQLite's meaning for the app's SQLite-dialect queries (see 0000_sqlite-compat.sql).
-- date(seconds, 'unixepoch'): the UTC calendar day of a Unix time, as 'YYYY-MM-DD' text.
CREATE FUNCTION date(seconds numeric, modifier text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN modifier = 'unixepoch' THEN to_char(to_timestamp(seconds) AT TIME ZONE 'UTC', 'YYYY-MM-DD') END
$$;
--> statement-breakpoint
CREATE FUNCTION date(seconds bigint, modifier text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT date(seconds::numeric, modifier) $$;
--> statement-breakpoint
-- SQLite numbers an integer primary key given as NULL (drizzle writes NULL for a key it has no value for);
-- an identity column only numbers a key left out, so a trigger numbers the NULL ones.
CREATE FUNCTION number_null_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id IS NULL THEN
    NEW.id := nextval(pg_get_serial_sequence(TG_TABLE_NAME, 'id'));
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER visitor_events_number_null_id BEFORE INSERT ON visitor_events FOR EACH ROW EXECUTE FUNCTION number_null_id();
