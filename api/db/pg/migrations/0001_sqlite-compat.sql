-- The app's queries are written in SQLite's dialect (docs/postgres-plan.md). The SQLite functions they
-- use get a PostgreSQL twin here, with SQLite's meaning, so a query needs no second spelling.
-- unixepoch('subsec'): seconds since 1970 with milliseconds; unixepoch(): whole seconds.
CREATE FUNCTION unixepoch(modifier text) RETURNS numeric LANGUAGE sql VOLATILE AS $$
  SELECT CASE WHEN modifier = 'subsec' THEN round(extract(epoch FROM clock_timestamp()), 3) ELSE floor(extract(epoch FROM clock_timestamp())) END
$$;
--> statement-breakpoint
CREATE FUNCTION unixepoch() RETURNS numeric LANGUAGE sql VOLATILE AS $$ SELECT floor(extract(epoch FROM clock_timestamp())) $$;
