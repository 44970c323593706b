ALTER TABLE `plans` ADD `max_video_seconds` integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE `publishes` ADD `error_key` text;--> statement-breakpoint
ALTER TABLE `publishes` ADD `error_values` text;