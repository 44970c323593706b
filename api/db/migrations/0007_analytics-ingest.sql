DROP TABLE `visitor_events`;
--> statement-breakpoint
CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `visitor_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`site_id` text NOT NULL,
	`kind` text NOT NULL,
	`cell` text NOT NULL,
	`to_cell` text,
	`page_id` text,
	`direction` text,
	`value` integer,
	`tap_x` integer,
	`tap_y` integer,
	`target_id` text,
	`sns_type` text,
	`referrer_host` text,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`session_id` text NOT NULL,
	`visit_id` text NOT NULL,
	`variation_id` text,
	`experiment_id` text,
	`lang` text,
	`device` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `visitor_events_site_time` ON `visitor_events` (`site_id`,`occurred_at`);