CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`detail` text NOT NULL,
	`at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_subject` ON `audit_log` (`subject_type`,`subject_id`);--> statement-breakpoint
CREATE TABLE `billing_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`period` text NOT NULL,
	`status` text NOT NULL,
	`accounts_total` integer DEFAULT 0 NOT NULL,
	`accounts_done` integer DEFAULT 0 NOT NULL,
	`started_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `billing_runs_period` ON `billing_runs` (`period`);--> statement-breakpoint
CREATE TABLE `invoice_issuers` (
	`issuer_id` text PRIMARY KEY NOT NULL,
	`company_name` text NOT NULL,
	`address` text NOT NULL,
	`registration_number` text NOT NULL,
	`next_number` integer DEFAULT 1 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invoice_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`amount` integer NOT NULL,
	`tax_rate` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_lines_invoice_position` ON `invoice_lines` (`invoice_id`,`position`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`issuer_id` text NOT NULL,
	`account_id` text NOT NULL,
	`period` text NOT NULL,
	`number` text,
	`status` text NOT NULL,
	`payment_status` text NOT NULL,
	`billing_method` text NOT NULL,
	`plan_id` text,
	`page_views` integer DEFAULT 0 NOT NULL,
	`blocks_used` integer DEFAULT 0 NOT NULL,
	`subtotal` integer NOT NULL,
	`tax` integer NOT NULL,
	`total` integer NOT NULL,
	`tax_by_rate` text NOT NULL,
	`issuer_snapshot` text,
	`recipient_snapshot` text,
	`transfer_name` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`issued_at` integer,
	`paid_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_account_period` ON `invoices` (`account_id`,`period`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_issuer_number` ON `invoices` (`issuer_id`,`number`);--> statement-breakpoint
CREATE INDEX `invoices_period_status` ON `invoices` (`period`,`payment_status`);--> statement-breakpoint
CREATE INDEX `invoices_issuer_period` ON `invoices` (`issuer_id`,`period`);--> statement-breakpoint
CREATE TABLE `payment_cards` (
	`account_id` text PRIMARY KEY NOT NULL,
	`provider_customer_id` text NOT NULL,
	`provider_method_id` text,
	`brand` text,
	`last4` text,
	`exp_month` integer,
	`exp_year` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`method` text NOT NULL,
	`provider_ref` text,
	`status` text NOT NULL,
	`amount` integer NOT NULL,
	`failure_code` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payments_invoice` ON `payments` (`invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_ref` ON `payments` (`provider_ref`);--> statement-breakpoint
CREATE TABLE `plan_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`from_plan_id` text,
	`to_plan_id` text NOT NULL,
	`effective_month` text NOT NULL,
	`status` text NOT NULL,
	`requested_by` text,
	`requested_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`applied_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `plan_changes_account` ON `plan_changes` (`account_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `plan_changes_one_pending` ON `plan_changes` (`account_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE TABLE `provider_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`start_month` text NOT NULL,
	`end_month` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_account_start` ON `subscriptions` (`account_id`,`start_month`);--> statement-breakpoint
CREATE INDEX `subscriptions_plan` ON `subscriptions` (`plan_id`);--> statement-breakpoint
ALTER TABLE `plans` ADD `owner_id` text REFERENCES accounts(id);--> statement-breakpoint
ALTER TABLE `plans` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `plans` ADD `supersedes` text REFERENCES plans(id);--> statement-breakpoint
ALTER TABLE `plans` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `plans` ADD `initial_fee` integer DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE `plans` ADD `license_fee` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `plans` ADD `powered_by` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `plans` ADD `created_at` integer;--> statement-breakpoint
ALTER TABLE `sites` ADD `unpublished_by_contract_at` integer;