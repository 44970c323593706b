DROP INDEX `form_entries_site`;--> statement-breakpoint
CREATE INDEX `form_entries_site_time` ON `form_entries` (`site_id`,`form_type`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `end_users_site_time` ON `end_users` (`site_id`,`created_at`,`id`);