DROP INDEX `oem_brandings_admin_host`;--> statement-breakpoint
ALTER TABLE `oem_brandings` ADD `admin_host_token` text;--> statement-breakpoint
ALTER TABLE `oem_brandings` ADD `admin_host_verified_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `oem_brandings_verified_admin_host` ON `oem_brandings` (`admin_host`) WHERE admin_host_verified_at IS NOT NULL;