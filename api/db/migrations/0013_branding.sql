CREATE TABLE `oem_brandings` (
	`account_id` text PRIMARY KEY NOT NULL,
	`logo_url` text DEFAULT '' NOT NULL,
	`main_color` text NOT NULL,
	`text_color` text NOT NULL,
	`admin_host` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oem_brandings_admin_host` ON `oem_brandings` (`admin_host`);