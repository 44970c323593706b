-- Each event records the transaction that wrote it: the analytics fold reads the events a snapshot sees
-- and the previous one did not (api/analytics/fold-position.ts), so an insert that commits late with a low
-- id is folded all the same and no insert waits for a fold. A trigger rather than a column default:
-- drizzle's SQLite builder writes every column it has a value for, and the schema's value is SQLite's 0.
CREATE FUNCTION visitor_event_xact() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.xact_id := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER visitor_events_xact BEFORE INSERT ON visitor_events FOR EACH ROW EXECUTE FUNCTION visitor_event_xact();
--> statement-breakpoint
-- Events stored before: those `live` had folded (ids up to its last_event_id) keep 0, which its snapshot
-- '1:1:' sees; the others get 1, which it does not, so they are folded next, once.
UPDATE visitor_events SET xact_id = 1 WHERE id > coalesce((SELECT last_event_id FROM analytics_rollup_state WHERE name = 'live'), 0);
--> statement-breakpoint
UPDATE analytics_rollup_state SET folded_snapshot = '1:1:', last_event_id = 0 WHERE name = 'live';
--> statement-breakpoint
-- A rebuild under way refolds the events up to its target id (all of them 0): a target with nothing in its
-- folded snapshot and '1:1:' folded up to (0, target_event_id) names exactly those.
UPDATE analytics_rollup_state SET folding_snapshot = '1:1:', target_xact = 0 WHERE name LIKE 'rebuild:%';
