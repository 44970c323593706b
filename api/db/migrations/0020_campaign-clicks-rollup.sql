CREATE TABLE `analytics_campaign_clicks` (
	`site_id` text NOT NULL,
	`bucket` integer NOT NULL,
	`item_id` text NOT NULL,
	`variant` text NOT NULL,
	`lang` text NOT NULL,
	`device` text NOT NULL,
	`source` text NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`site_id`, `bucket`, `item_id`, `variant`, `lang`, `device`, `source`)
);
