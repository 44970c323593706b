CREATE TABLE `campaign_clicks` (
	`site_id` text NOT NULL,
	`item_id` text NOT NULL,
	`clicks` integer NOT NULL,
	PRIMARY KEY(`site_id`, `item_id`),
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `end_user_registrations` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`profile` text DEFAULT '{}' NOT NULL,
	`lang` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `end_user_registrations_site_email` ON `end_user_registrations` (`site_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `end_user_registrations_token` ON `end_user_registrations` (`token_hash`);--> statement-breakpoint
CREATE TABLE `end_user_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`end_user_id` text NOT NULL,
	`site_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`end_user_id`) REFERENCES `end_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `end_user_sessions_user` ON `end_user_sessions` (`end_user_id`);--> statement-breakpoint
CREATE TABLE `end_users` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`profile` text DEFAULT '{}' NOT NULL,
	`lang` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `end_users_site_email` ON `end_users` (`site_id`,`email`);--> statement-breakpoint
CREATE TABLE `form_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`form_type` text NOT NULL,
	`lang` text NOT NULL,
	`mode` text,
	`data` text NOT NULL,
	`notified_at` integer,
	`notify_error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `form_entries_site` ON `form_entries` (`site_id`,`form_type`);--> statement-breakpoint
CREATE TABLE `popup_cta_counters` (
	`site_id` text NOT NULL,
	`popup_id` text NOT NULL,
	`clicks` integer NOT NULL,
	PRIMARY KEY(`site_id`, `popup_id`),
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `server_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `survey_responses` (
	`id` text PRIMARY KEY NOT NULL,
	`survey_id` text NOT NULL,
	`site_id` text NOT NULL,
	`email` text NOT NULL,
	`answers` text NOT NULL,
	`points` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `survey_responses_survey` ON `survey_responses` (`survey_id`);--> statement-breakpoint
CREATE TABLE `surveys` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`content` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `surveys_site` ON `surveys` (`site_id`);--> statement-breakpoint
CREATE TABLE `visitor_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`site_id` text NOT NULL,
	`event_type` text NOT NULL,
	`page_id` text,
	`position` text,
	`lang` text,
	`session_id` text,
	`variation_id` text,
	`target_id` text,
	`referrer` text,
	`user_agent_class` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `visitor_events_site_time` ON `visitor_events` (`site_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `visitor_events_site_type` ON `visitor_events` (`site_id`,`event_type`);