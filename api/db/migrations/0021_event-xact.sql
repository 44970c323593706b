ALTER TABLE `analytics_rollup_state` ADD `last_xact` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `analytics_rollup_state` ADD `target_xact` integer;--> statement-breakpoint
ALTER TABLE `analytics_rollup_state` ADD `folded_snapshot` text;--> statement-breakpoint
ALTER TABLE `analytics_rollup_state` ADD `folding_snapshot` text;--> statement-breakpoint
ALTER TABLE `visitor_events` ADD `xact_id` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `visitor_events_xact` ON `visitor_events` (`xact_id`,`id`);