CREATE TABLE `experiments` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`name` text NOT NULL,
	`seed` text NOT NULL,
	`arms` text NOT NULL,
	`coverage` real DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`started_at` integer,
	`stopped_at` integer,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `experiments_site_id_unique` ON `experiments` (`site_id`);--> statement-breakpoint
CREATE TABLE `page_variants` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`page_id` text NOT NULL,
	`key` text NOT NULL,
	`content` text NOT NULL,
	`translations` text DEFAULT '{}' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`page_id`) REFERENCES `pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `page_variants_page_key` ON `page_variants` (`page_id`,`key`);--> statement-breakpoint
CREATE INDEX `page_variants_site` ON `page_variants` (`site_id`);