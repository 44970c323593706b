-- The SQLite twins of 0000_sqlite-compat.sql and 0002_sqlite-compat-rows.sql go: no default uses them
-- since 0008, and the queries spell what differs in each dialect (api/db/dialect-sql.ts). An insert
-- that leaves visitor_events.id out now writes DEFAULT (dialect-sql.ts nextId), so the trigger that
-- numbered a NULL id goes too.
DROP TRIGGER visitor_events_number_null_id ON visitor_events;--> statement-breakpoint
DROP FUNCTION number_null_id();--> statement-breakpoint
DROP FUNCTION date(bigint, text);--> statement-breakpoint
DROP FUNCTION date(numeric, text);--> statement-breakpoint
DROP FUNCTION json_remove(text, text);--> statement-breakpoint
DROP FUNCTION json_set(text, text, text);--> statement-breakpoint
DROP FUNCTION json_each(text);--> statement-breakpoint
DROP FUNCTION unixepoch();--> statement-breakpoint
DROP FUNCTION unixepoch(text);
