ALTER TABLE "analytics_rollup_state" ADD COLUMN "last_xact" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_rollup_state" ADD COLUMN "target_xact" bigint;--> statement-breakpoint
ALTER TABLE "analytics_rollup_state" ADD COLUMN "folded_snapshot" text;--> statement-breakpoint
ALTER TABLE "analytics_rollup_state" ADD COLUMN "folding_snapshot" text;--> statement-breakpoint
ALTER TABLE "visitor_events" ADD COLUMN "xact_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "visitor_events_xact" ON "visitor_events" USING btree ("xact_id","id");