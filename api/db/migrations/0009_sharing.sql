CREATE TABLE `announcement_reads` (
	`announcement_id` text NOT NULL,
	`account_id` text NOT NULL,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`announcement_id`, `account_id`),
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `announcement_reads_account` ON `announcement_reads` (`account_id`);--> statement-breakpoint
CREATE TABLE `announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`link` text DEFAULT '' NOT NULL,
	`distribution_site` text DEFAULT '' NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`image_url` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`publication_mode` text NOT NULL,
	`start_date` text,
	`end_date` text,
	`receivers` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `announcements_kind` ON `announcements` (`kind`);--> statement-breakpoint
CREATE TABLE `preview_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`share_id` text NOT NULL,
	`email` text NOT NULL,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`share_id`) REFERENCES `preview_shares`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `preview_invites_share_email` ON `preview_invites` (`share_id`,`email`);--> statement-breakpoint
CREATE TABLE `preview_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`share_id` text NOT NULL,
	`invite_id` text,
	`password_version` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`share_id`) REFERENCES `preview_shares`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invite_id`) REFERENCES `preview_invites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `preview_sessions_share` ON `preview_sessions` (`share_id`);--> statement-breakpoint
CREATE TABLE `preview_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`is_private` integer NOT NULL,
	`view_only` integer NOT NULL,
	`password_hash` text,
	`password_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `preview_shares_site` ON `preview_shares` (`site_id`);