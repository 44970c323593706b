ALTER TABLE `sites` ADD `handle` text;--> statement-breakpoint
CREATE UNIQUE INDEX `sites_handle` ON `sites` (`handle`);