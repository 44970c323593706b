CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`scope` text NOT NULL,
	`secret_hash` text NOT NULL,
	`hint` text NOT NULL,
	`allowed_ips` text,
	`basic_id` text,
	`basic_password_hash` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `api_keys_account` ON `api_keys` (`account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_secret` ON `api_keys` (`secret_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_basic_id` ON `api_keys` (`basic_id`);--> statement-breakpoint
CREATE TABLE `site_domains` (
	`site_id` text PRIMARY KEY NOT NULL,
	`domain` text NOT NULL,
	`token` text NOT NULL,
	`state` text NOT NULL,
	`saved_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`verify_started_at` integer,
	`next_check_at` integer,
	`checks` integer DEFAULT 0 NOT NULL,
	`last_checked_at` integer,
	`last_check` text,
	`connected_at` integer,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_domains_domain` ON `site_domains` (`domain`);--> statement-breakpoint
CREATE INDEX `site_domains_next_check` ON `site_domains` (`next_check_at`);