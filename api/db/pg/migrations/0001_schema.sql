CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"account_type" text NOT NULL,
	"parent_id" text,
	"company_name" text DEFAULT '' NOT NULL,
	"contact_person" text DEFAULT '' NOT NULL,
	"plan_id" text,
	"contract_start" text,
	"contract_expiry" text,
	"contract_state" text DEFAULT 'active' NOT NULL,
	"authority" text DEFAULT 'edit' NOT NULL,
	"license_issued" bigint DEFAULT 0 NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"must_change_password" bigint DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	"updated_at" bigint
);
--> statement-breakpoint
CREATE TABLE "admin_members" (
	"member_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_cell_rollups" (
	"site_id" text NOT NULL,
	"grain" text NOT NULL,
	"bucket" bigint NOT NULL,
	"cell" text NOT NULL,
	"variant" text NOT NULL,
	"lang" text NOT NULL,
	"device" text NOT NULL,
	"source" text NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"landings" bigint DEFAULT 0 NOT NULL,
	"exits" bigint DEFAULT 0 NOT NULL,
	"bounces" bigint DEFAULT 0 NOT NULL,
	"dwell_ms" bigint DEFAULT 0 NOT NULL,
	"dwell_count" bigint DEFAULT 0 NOT NULL,
	"cta_clicks" bigint DEFAULT 0 NOT NULL,
	"link_clicks" bigint DEFAULT 0 NOT NULL,
	"product_item_clicks" bigint DEFAULT 0 NOT NULL,
	"product_point_clicks" bigint DEFAULT 0 NOT NULL,
	"popup_clicks" bigint DEFAULT 0 NOT NULL,
	"sns_clicks" bigint DEFAULT 0 NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"campaign_clicks" bigint DEFAULT 0 NOT NULL,
	"registrations" bigint DEFAULT 0 NOT NULL,
	"form_submissions" bigint DEFAULT 0 NOT NULL,
	"contacts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_cell_rollups_site_id_grain_bucket_cell_variant_lang_device_source_pk" PRIMARY KEY("site_id","grain","bucket","cell","variant","lang","device","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_edges" (
	"site_id" text NOT NULL,
	"grain" text NOT NULL,
	"bucket" bigint NOT NULL,
	"from_cell" text NOT NULL,
	"to_cell" text NOT NULL,
	"direction" text NOT NULL,
	"variant" text NOT NULL,
	"lang" text NOT NULL,
	"device" text NOT NULL,
	"source" text NOT NULL,
	"moves" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_edges_site_id_grain_bucket_from_cell_to_cell_direction_variant_lang_device_source_pk" PRIMARY KEY("site_id","grain","bucket","from_cell","to_cell","direction","variant","lang","device","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_state" (
	"name" text PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL,
	"target_event_id" bigint
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_site_rollups" (
	"site_id" text NOT NULL,
	"grain" text NOT NULL,
	"bucket" bigint NOT NULL,
	"variant" text NOT NULL,
	"lang" text NOT NULL,
	"device" text NOT NULL,
	"source" text NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"landings" bigint DEFAULT 0 NOT NULL,
	"exits" bigint DEFAULT 0 NOT NULL,
	"bounces" bigint DEFAULT 0 NOT NULL,
	"dwell_ms" bigint DEFAULT 0 NOT NULL,
	"dwell_count" bigint DEFAULT 0 NOT NULL,
	"cta_clicks" bigint DEFAULT 0 NOT NULL,
	"link_clicks" bigint DEFAULT 0 NOT NULL,
	"product_item_clicks" bigint DEFAULT 0 NOT NULL,
	"product_point_clicks" bigint DEFAULT 0 NOT NULL,
	"popup_clicks" bigint DEFAULT 0 NOT NULL,
	"sns_clicks" bigint DEFAULT 0 NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"campaign_clicks" bigint DEFAULT 0 NOT NULL,
	"registrations" bigint DEFAULT 0 NOT NULL,
	"form_submissions" bigint DEFAULT 0 NOT NULL,
	"contacts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_site_rollups_site_id_grain_bucket_variant_lang_device_source_pk" PRIMARY KEY("site_id","grain","bucket","variant","lang","device","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_taps" (
	"site_id" text NOT NULL,
	"cell" text NOT NULL,
	"grain" text NOT NULL,
	"bucket" bigint NOT NULL,
	"x" bigint NOT NULL,
	"y" bigint NOT NULL,
	"variant" text NOT NULL,
	"lang" text NOT NULL,
	"device" text NOT NULL,
	"source" text NOT NULL,
	"taps" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_taps_site_id_cell_grain_bucket_x_y_variant_lang_device_source_pk" PRIMARY KEY("site_id","cell","grain","bucket","x","y","variant","lang","device","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_sketches" (
	"site_id" text NOT NULL,
	"grain" text NOT NULL,
	"bucket" bigint NOT NULL,
	"variant" text NOT NULL,
	"lang" text NOT NULL,
	"device" text NOT NULL,
	"source" text NOT NULL,
	"sketch" "bytea" NOT NULL,
	CONSTRAINT "analytics_visitor_sketches_site_id_grain_bucket_variant_lang_device_source_pk" PRIMARY KEY("site_id","grain","bucket","variant","lang","device","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_visits" (
	"visit_id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"landing_at" bigint NOT NULL,
	"landing_cell" text NOT NULL,
	"variant" text NOT NULL,
	"lang" text NOT NULL,
	"device" text NOT NULL,
	"source" text NOT NULL,
	"moved" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcement_reads" (
	"announcement_id" text NOT NULL,
	"account_id" text NOT NULL,
	"read_at" bigint NOT NULL,
	CONSTRAINT "announcement_reads_announcement_id_account_id_pk" PRIMARY KEY("announcement_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"distribution_site" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"publication_mode" text NOT NULL,
	"start_date" text,
	"end_date" text,
	"receivers" text NOT NULL,
	"created_by" text,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	"updated_at" bigint
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"secret_hash" text NOT NULL,
	"hint" text NOT NULL,
	"allowed_ips" text,
	"basic_id" text,
	"basic_password_hash" text,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	"last_used_at" bigint,
	"revoked_at" bigint
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"detail" text NOT NULL,
	"at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"accounts_total" bigint DEFAULT 0 NOT NULL,
	"accounts_done" bigint DEFAULT 0 NOT NULL,
	"started_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "campaign_clicks" (
	"site_id" text NOT NULL,
	"item_id" text NOT NULL,
	"clicks" bigint NOT NULL,
	CONSTRAINT "campaign_clicks_site_id_item_id_pk" PRIMARY KEY("site_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "contract_history" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"by_account_id" text,
	"note" text DEFAULT '' NOT NULL,
	"at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creatives" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"column_index" bigint NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "end_user_password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"end_user_id" text NOT NULL,
	"site_id" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "end_user_registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"profile" text DEFAULT '{}' NOT NULL,
	"lang" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "end_user_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"end_user_id" text NOT NULL,
	"site_id" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "end_users" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"profile" text DEFAULT '{}' NOT NULL,
	"lang" text NOT NULL,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_exposures" (
	"experiment_id" text NOT NULL,
	"started_at" bigint NOT NULL,
	"variation_id" text NOT NULL,
	"kind" text NOT NULL,
	"site_id" text NOT NULL,
	"arm" text NOT NULL,
	"first_at" bigint NOT NULL,
	CONSTRAINT "experiment_exposures_experiment_id_started_at_variation_id_kind_pk" PRIMARY KEY("experiment_id","started_at","variation_id","kind")
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"name" text NOT NULL,
	"seed" text NOT NULL,
	"arms" text NOT NULL,
	"coverage" double precision DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"started_at" bigint,
	"stopped_at" bigint,
	CONSTRAINT "experiments_site_id_unique" UNIQUE("site_id")
);
--> statement-breakpoint
CREATE TABLE "form_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"form_type" text NOT NULL,
	"lang" text NOT NULL,
	"mode" text,
	"data" text NOT NULL,
	"notified_at" bigint,
	"notify_error" text,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_issuers" (
	"issuer_id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"address" text NOT NULL,
	"registration_number" text NOT NULL,
	"next_number" bigint DEFAULT 1 NOT NULL,
	"updated_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"position" bigint NOT NULL,
	"kind" text NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"tax_rate" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"issuer_id" text NOT NULL,
	"account_id" text NOT NULL,
	"period" text NOT NULL,
	"number" text,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"billing_method" text NOT NULL,
	"plan_id" text,
	"page_views" bigint DEFAULT 0 NOT NULL,
	"blocks_used" bigint DEFAULT 0 NOT NULL,
	"subtotal" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"tax_by_rate" text NOT NULL,
	"issuer_snapshot" text,
	"recipient_snapshot" text,
	"transfer_name" text,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	"issued_at" bigint,
	"paid_at" bigint
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" bigint NOT NULL,
	"window_start" bigint NOT NULL,
	"locked_until" bigint
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"sha256" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"ext" text NOT NULL,
	"size" bigint NOT NULL,
	"original_name" text NOT NULL,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oem_brandings" (
	"account_id" text PRIMARY KEY NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"main_color" text NOT NULL,
	"text_color" text NOT NULL,
	"admin_host" text,
	"updated_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"page_id" text NOT NULL,
	"key" text NOT NULL,
	"content" text NOT NULL,
	"translations" text DEFAULT '{}' NOT NULL,
	"updated_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"creative_id" text NOT NULL,
	"row" bigint NOT NULL,
	"content" text NOT NULL,
	"translations" text DEFAULT '{}' NOT NULL,
	"updated_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"account_id" text PRIMARY KEY NOT NULL,
	"provider_customer_id" text NOT NULL,
	"provider_method_id" text,
	"brand" text,
	"last4" text,
	"exp_month" bigint,
	"exp_year" bigint,
	"updated_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"method" text NOT NULL,
	"provider_ref" text,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"failure_code" text,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	"updated_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"from_plan_id" text,
	"to_plan_id" text NOT NULL,
	"effective_month" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" text,
	"requested_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	"applied_at" bigint
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tier" text NOT NULL,
	"multilingual" bigint NOT NULL,
	"price" bigint NOT NULL,
	"quantity_swipe" bigint NOT NULL,
	"quantity_site" bigint NOT NULL,
	"limit_access" bigint NOT NULL,
	"limit_access_price" bigint NOT NULL,
	"storage_quota_mb" bigint DEFAULT 1024 NOT NULL,
	"swipe" bigint NOT NULL,
	"private_domain" bigint NOT NULL,
	"setting_popup_cta" bigint NOT NULL,
	"setting_form_contact" bigint NOT NULL,
	"analytics_effect" bigint NOT NULL,
	"setting_tag_seo" bigint NOT NULL,
	"multi_language" bigint NOT NULL,
	"owner_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"supersedes" text,
	"version" bigint DEFAULT 1 NOT NULL,
	"initial_fee" bigint DEFAULT 100000 NOT NULL,
	"license_fee" bigint DEFAULT 0 NOT NULL,
	"powered_by" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint
);
--> statement-breakpoint
CREATE TABLE "popup_cta_counters" (
	"site_id" text NOT NULL,
	"popup_id" text NOT NULL,
	"clicks" bigint NOT NULL,
	CONSTRAINT "popup_cta_counters_site_id_popup_id_pk" PRIMARY KEY("site_id","popup_id")
);
--> statement-breakpoint
CREATE TABLE "preview_invites" (
	"id" text PRIMARY KEY NOT NULL,
	"share_id" text NOT NULL,
	"email" text NOT NULL,
	"sent_at" bigint,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preview_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"share_id" text NOT NULL,
	"invite_id" text,
	"password_version" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preview_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"is_private" bigint NOT NULL,
	"view_only" bigint NOT NULL,
	"password_hash" text,
	"password_version" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publishes" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"status" text NOT NULL,
	"version" bigint,
	"stats" text,
	"error" text,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_domains" (
	"site_id" text PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"state" text NOT NULL,
	"saved_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	"verify_started_at" bigint,
	"next_check_at" bigint,
	"checks" bigint DEFAULT 0 NOT NULL,
	"last_checked_at" bigint,
	"last_check" text,
	"connected_at" bigint
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"handle" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"number_horizontal" bigint NOT NULL,
	"number_vertical" bigint NOT NULL,
	"settings" text NOT NULL,
	"translations" text DEFAULT '{}' NOT NULL,
	"live_version" bigint,
	"unpublished_by_contract_at" bigint,
	"published_at" bigint,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	"updated_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_leases" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"pid" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"released_at" bigint
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"start_month" text NOT NULL,
	"end_month" text,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" text PRIMARY KEY NOT NULL,
	"survey_id" text NOT NULL,
	"site_id" text NOT NULL,
	"email" text NOT NULL,
	"answers" text NOT NULL,
	"points" bigint NOT NULL,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"content" text NOT NULL,
	"created_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	"updated_at" bigint DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_events" (
	"id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "visitor_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"kind" text NOT NULL,
	"cell" text NOT NULL,
	"to_cell" text,
	"page_id" text,
	"direction" text,
	"value" bigint,
	"tap_x" bigint,
	"tap_y" bigint,
	"target_id" text,
	"sns_type" text,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"session_id" text NOT NULL,
	"visit_id" text NOT NULL,
	"variation_id" text,
	"experiment_id" text,
	"lang" text,
	"device" text NOT NULL,
	"occurred_at" bigint NOT NULL,
	"received_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_id_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_members" ADD CONSTRAINT "admin_members_member_id_accounts_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_members" ADD CONSTRAINT "admin_members_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_clicks" ADD CONSTRAINT "campaign_clicks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_history" ADD CONSTRAINT "contract_history_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_history" ADD CONSTRAINT "contract_history_by_account_id_accounts_id_fk" FOREIGN KEY ("by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_password_resets" ADD CONSTRAINT "end_user_password_resets_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_password_resets" ADD CONSTRAINT "end_user_password_resets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_registrations" ADD CONSTRAINT "end_user_registrations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_sessions" ADD CONSTRAINT "end_user_sessions_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_sessions" ADD CONSTRAINT "end_user_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_users" ADD CONSTRAINT "end_users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_exposures" ADD CONSTRAINT "experiment_exposures_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_entries" ADD CONSTRAINT "form_entries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oem_brandings" ADD CONSTRAINT "oem_brandings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_variants" ADD CONSTRAINT "page_variants_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_variants" ADD CONSTRAINT "page_variants_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_creative_id_creatives_id_fk" FOREIGN KEY ("creative_id") REFERENCES "public"."creatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_from_plan_id_plans_id_fk" FOREIGN KEY ("from_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_to_plan_id_plans_id_fk" FOREIGN KEY ("to_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_supersedes_plans_id_fk" FOREIGN KEY ("supersedes") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_cta_counters" ADD CONSTRAINT "popup_cta_counters_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_invites" ADD CONSTRAINT "preview_invites_share_id_preview_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."preview_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_sessions" ADD CONSTRAINT "preview_sessions_share_id_preview_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."preview_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_sessions" ADD CONSTRAINT "preview_sessions_invite_id_preview_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."preview_invites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_shares" ADD CONSTRAINT "preview_shares_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishes" ADD CONSTRAINT "publishes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_domains" ADD CONSTRAINT "site_domains_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email" ON "accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "accounts_parent" ON "accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "admin_members_owner" ON "admin_members" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "analytics_edges_cover" ON "analytics_edges" USING btree ("site_id","grain","bucket","from_cell","to_cell","direction","variant","lang","device","source","moves");--> statement-breakpoint
CREATE INDEX "analytics_visits_landing" ON "analytics_visits" USING btree ("landing_at");--> statement-breakpoint
CREATE INDEX "announcement_reads_account" ON "announcement_reads" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "announcements_kind" ON "announcements" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "api_keys_account" ON "api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_basic_id" ON "api_keys" USING btree ("basic_id");--> statement-breakpoint
CREATE INDEX "audit_log_subject" ON "audit_log" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "billing_runs_period" ON "billing_runs" USING btree ("period");--> statement-breakpoint
CREATE INDEX "contract_history_account" ON "contract_history" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creatives_site_column" ON "creatives" USING btree ("site_id","column_index");--> statement-breakpoint
CREATE UNIQUE INDEX "end_user_password_resets_user" ON "end_user_password_resets" USING btree ("end_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "end_user_registrations_site_email" ON "end_user_registrations" USING btree ("site_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "end_user_registrations_token" ON "end_user_registrations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "end_user_sessions_user" ON "end_user_sessions" USING btree ("end_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "end_users_site_email" ON "end_users" USING btree ("site_id","email");--> statement-breakpoint
CREATE INDEX "end_users_site_time" ON "end_users" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "experiment_exposures_results" ON "experiment_exposures" USING btree ("experiment_id","started_at","variation_id","kind","arm","first_at");--> statement-breakpoint
CREATE INDEX "experiment_exposures_site" ON "experiment_exposures" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "form_entries_site_time" ON "form_entries" USING btree ("site_id","form_type","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_position" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_lines_plan" ON "invoice_lines" USING btree ("invoice_id","amount") WHERE kind = 'plan';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_account_period" ON "invoices" USING btree ("account_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_issuer_number" ON "invoices" USING btree ("issuer_id","number");--> statement-breakpoint
CREATE INDEX "invoices_period_status" ON "invoices" USING btree ("period","payment_status");--> statement-breakpoint
CREATE INDEX "invoices_issuer_period" ON "invoices" USING btree ("issuer_id","period");--> statement-breakpoint
CREATE INDEX "invoices_dashboard" ON "invoices" USING btree ("issuer_id","period","status","id","subtotal","tax","total");--> statement-breakpoint
CREATE INDEX "media_site" ON "media" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oem_brandings_admin_host" ON "oem_brandings" USING btree ("admin_host");--> statement-breakpoint
CREATE UNIQUE INDEX "page_variants_page_key" ON "page_variants" USING btree ("page_id","key");--> statement-breakpoint
CREATE INDEX "page_variants_site" ON "page_variants" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_creative_row" ON "pages" USING btree ("creative_id","row");--> statement-breakpoint
CREATE INDEX "pages_site" ON "pages" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "password_tokens_account" ON "password_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "payments_invoice" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref" ON "payments" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "plan_changes_account" ON "plan_changes" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_changes_one_pending" ON "plan_changes" USING btree ("account_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "preview_invites_share_email" ON "preview_invites" USING btree ("share_id","email");--> statement-breakpoint
CREATE INDEX "preview_sessions_share" ON "preview_sessions" USING btree ("share_id");--> statement-breakpoint
CREATE UNIQUE INDEX "preview_shares_site" ON "preview_shares" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "publishes_site" ON "publishes" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "sessions_account" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_domains_domain" ON "site_domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "site_domains_next_check" ON "site_domains" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "sites_owner" ON "sites" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_handle" ON "sites" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_account_start" ON "subscriptions" USING btree ("account_id","start_month");--> statement-breakpoint
CREATE INDEX "subscriptions_plan" ON "subscriptions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "survey_responses_survey" ON "survey_responses" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "surveys_site" ON "surveys" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "visitor_events_site_time" ON "visitor_events" USING btree ("site_id","occurred_at");