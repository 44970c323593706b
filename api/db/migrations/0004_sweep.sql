CREATE TABLE `storage_leases` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`pid` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`released_at` integer
);
