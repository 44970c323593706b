CREATE TABLE `analytics_cell_rollups` (
	`site_id` text NOT NULL,
	`grain` text NOT NULL,
	`bucket` integer NOT NULL,
	`cell` text NOT NULL,
	`variant` text NOT NULL,
	`lang` text NOT NULL,
	`device` text NOT NULL,
	`source` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`landings` integer DEFAULT 0 NOT NULL,
	`exits` integer DEFAULT 0 NOT NULL,
	`bounces` integer DEFAULT 0 NOT NULL,
	`dwell_ms` integer DEFAULT 0 NOT NULL,
	`dwell_count` integer DEFAULT 0 NOT NULL,
	`cta_clicks` integer DEFAULT 0 NOT NULL,
	`link_clicks` integer DEFAULT 0 NOT NULL,
	`product_item_clicks` integer DEFAULT 0 NOT NULL,
	`product_point_clicks` integer DEFAULT 0 NOT NULL,
	`popup_clicks` integer DEFAULT 0 NOT NULL,
	`sns_clicks` integer DEFAULT 0 NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL,
	`campaign_clicks` integer DEFAULT 0 NOT NULL,
	`registrations` integer DEFAULT 0 NOT NULL,
	`form_submissions` integer DEFAULT 0 NOT NULL,
	`contacts` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`site_id`, `grain`, `bucket`, `cell`, `variant`, `lang`, `device`, `source`)
);
--> statement-breakpoint
CREATE TABLE `analytics_edges` (
	`site_id` text NOT NULL,
	`grain` text NOT NULL,
	`bucket` integer NOT NULL,
	`from_cell` text NOT NULL,
	`to_cell` text NOT NULL,
	`direction` text NOT NULL,
	`variant` text NOT NULL,
	`lang` text NOT NULL,
	`device` text NOT NULL,
	`source` text NOT NULL,
	`moves` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`site_id`, `grain`, `bucket`, `from_cell`, `to_cell`, `direction`, `variant`, `lang`, `device`, `source`)
);
--> statement-breakpoint
CREATE TABLE `analytics_rollup_state` (
	`name` text PRIMARY KEY NOT NULL,
	`last_event_id` integer NOT NULL,
	`target_event_id` integer
);
--> statement-breakpoint
CREATE TABLE `analytics_site_rollups` (
	`site_id` text NOT NULL,
	`grain` text NOT NULL,
	`bucket` integer NOT NULL,
	`variant` text NOT NULL,
	`lang` text NOT NULL,
	`device` text NOT NULL,
	`source` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`landings` integer DEFAULT 0 NOT NULL,
	`exits` integer DEFAULT 0 NOT NULL,
	`bounces` integer DEFAULT 0 NOT NULL,
	`dwell_ms` integer DEFAULT 0 NOT NULL,
	`dwell_count` integer DEFAULT 0 NOT NULL,
	`cta_clicks` integer DEFAULT 0 NOT NULL,
	`link_clicks` integer DEFAULT 0 NOT NULL,
	`product_item_clicks` integer DEFAULT 0 NOT NULL,
	`product_point_clicks` integer DEFAULT 0 NOT NULL,
	`popup_clicks` integer DEFAULT 0 NOT NULL,
	`sns_clicks` integer DEFAULT 0 NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL,
	`campaign_clicks` integer DEFAULT 0 NOT NULL,
	`registrations` integer DEFAULT 0 NOT NULL,
	`form_submissions` integer DEFAULT 0 NOT NULL,
	`contacts` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`site_id`, `grain`, `bucket`, `variant`, `lang`, `device`, `source`)
);
--> statement-breakpoint
CREATE TABLE `analytics_taps` (
	`site_id` text NOT NULL,
	`cell` text NOT NULL,
	`grain` text NOT NULL,
	`bucket` integer NOT NULL,
	`x` integer NOT NULL,
	`y` integer NOT NULL,
	`variant` text NOT NULL,
	`lang` text NOT NULL,
	`device` text NOT NULL,
	`source` text NOT NULL,
	`taps` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`site_id`, `cell`, `grain`, `bucket`, `x`, `y`, `variant`, `lang`, `device`, `source`)
);
--> statement-breakpoint
CREATE TABLE `analytics_visitor_sketches` (
	`site_id` text NOT NULL,
	`grain` text NOT NULL,
	`bucket` integer NOT NULL,
	`variant` text NOT NULL,
	`lang` text NOT NULL,
	`device` text NOT NULL,
	`source` text NOT NULL,
	`sketch` blob NOT NULL,
	PRIMARY KEY(`site_id`, `grain`, `bucket`, `variant`, `lang`, `device`, `source`)
);
--> statement-breakpoint
CREATE TABLE `analytics_visits` (
	`visit_id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`landing_at` integer NOT NULL,
	`landing_cell` text NOT NULL,
	`variant` text NOT NULL,
	`lang` text NOT NULL,
	`device` text NOT NULL,
	`source` text NOT NULL,
	`moved` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_visits_landing` ON `analytics_visits` (`landing_at`);