-- The app's queries are written once, in SQLite's dialect, and run on both databases (docs/decisions.md,
-- "PostgreSQL through a synchronous bridge"). The few SQLite functions they use get a PostgreSQL twin
-- here with SQLite's meaning, before the tables whose defaults call them.
-- unixepoch('subsec'): seconds since 1970 with milliseconds; unixepoch(): whole seconds.
CREATE FUNCTION unixepoch(modifier text) RETURNS numeric LANGUAGE sql VOLATILE AS $$
  SELECT CASE WHEN modifier = 'subsec' THEN round(extract(epoch FROM clock_timestamp()), 3) ELSE floor(extract(epoch FROM clock_timestamp())) END
$$;
--> statement-breakpoint
CREATE FUNCTION unixepoch() RETURNS numeric LANGUAGE sql VOLATILE AS $$ SELECT floor(extract(epoch FROM clock_timestamp())) $$;
--> statement-breakpoint
-- json_each over a JSON text column: an object's members, or an array's elements keyed by position, values as text.
CREATE FUNCTION json_each(doc text) RETURNS TABLE(key text, value text) LANGUAGE sql IMMUTABLE AS $$
  SELECT e.key, e.value FROM json_each_text(CASE WHEN json_typeof(doc::json) = 'object' THEN doc::json ELSE '{}'::json END) e
  UNION ALL
  SELECT (a.ord - 1)::text, a.value FROM json_array_elements_text(CASE WHEN json_typeof(doc::json) = 'array' THEN doc::json ELSE '[]'::json END) WITH ORDINALITY a(value, ord)
$$;
--> statement-breakpoint
-- json_set / json_remove with a '$.a.b' path on a JSON text column; json_set stores a text value as a JSON string.
CREATE FUNCTION json_set(doc text, path text, value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_set(doc::jsonb, string_to_array(substr(path, 3), '.'), to_jsonb(value), true)::text
$$;
--> statement-breakpoint
CREATE FUNCTION json_remove(doc text, path text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT (doc::jsonb #- string_to_array(substr(path, 3), '.'))::text
$$;
