CREATE TABLE `experiment_exposures` (
	`experiment_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`variation_id` text NOT NULL,
	`kind` text NOT NULL,
	`site_id` text NOT NULL,
	`arm` text NOT NULL,
	`first_at` integer NOT NULL,
	PRIMARY KEY(`experiment_id`, `started_at`, `variation_id`, `kind`),
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `experiment_exposures_results` ON `experiment_exposures` (`experiment_id`,`started_at`,`variation_id`,`kind`,`arm`,`first_at`);--> statement-breakpoint
CREATE INDEX `experiment_exposures_site` ON `experiment_exposures` (`site_id`);