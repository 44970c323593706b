CREATE TABLE `admin_members` (
	`member_id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`role` text NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `admin_members_owner` ON `admin_members` (`owner_id`);--> statement-breakpoint
CREATE TABLE `contract_history` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`from_state` text,
	`to_state` text NOT NULL,
	`by_account_id` text,
	`note` text DEFAULT '' NOT NULL,
	`at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`by_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contract_history_account` ON `contract_history` (`account_id`);--> statement-breakpoint
CREATE TABLE `login_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`window_start` integer NOT NULL,
	`locked_until` integer
);
--> statement-breakpoint
CREATE TABLE `password_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_tokens_account` ON `password_tokens` (`account_id`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`tier` text NOT NULL,
	`multilingual` integer NOT NULL,
	`price` integer NOT NULL,
	`quantity_swipe` integer NOT NULL,
	`quantity_site` integer NOT NULL,
	`limit_access` integer NOT NULL,
	`limit_access_price` integer NOT NULL,
	`swipe` integer NOT NULL,
	`private_domain` integer NOT NULL,
	`setting_popup_cta` integer NOT NULL,
	`setting_form_contact` integer NOT NULL,
	`analytics_effect` integer NOT NULL,
	`setting_tag_seo` integer NOT NULL,
	`multi_language` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `accounts` ADD `parent_id` text REFERENCES accounts(id);--> statement-breakpoint
ALTER TABLE `accounts` ADD `company_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `contact_person` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `plan_id` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `contract_start` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `contract_expiry` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `contract_state` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `authority` text DEFAULT 'edit' NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `license_issued` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `logo_url` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `must_change_password` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `created_by` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `accounts_parent` ON `accounts` (`parent_id`);