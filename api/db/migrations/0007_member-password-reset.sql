CREATE TABLE `end_user_password_resets` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`end_user_id` text NOT NULL,
	`site_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`end_user_id`) REFERENCES `end_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `end_user_password_resets_user` ON `end_user_password_resets` (`end_user_id`);