-- The native types of what the columns hold (docs/decisions.md, "Asynchronous data access on both
-- databases"): booleans stored as 0/1 bigints become boolean, milliseconds since 1970 timestamptz(3),
-- JSON text jsonb. Each column is converted in place, its rows kept: a column's default is dropped
-- first (an old default, 0 or unixepoch(), cannot be cast to the new type), the type changed with
-- USING, then the new default set. One ALTER TABLE per table, so each table is rewritten once.
-- drizzle-kit wrote the bare type changes; the USING clauses and the order are written by hand.
ALTER TABLE "accounts"
  ALTER COLUMN "license_issued" DROP DEFAULT,
  ALTER COLUMN "license_issued" SET DATA TYPE boolean USING "license_issued" <> 0,
  ALTER COLUMN "license_issued" SET DEFAULT false,
  ALTER COLUMN "must_change_password" DROP DEFAULT,
  ALTER COLUMN "must_change_password" SET DATA TYPE boolean USING "must_change_password" <> 0,
  ALTER COLUMN "must_change_password" SET DEFAULT false,
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp(),
  ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "updated_at" * interval '1 millisecond';--> statement-breakpoint
ALTER TABLE "analytics_salts"
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "analytics_visits"
  ALTER COLUMN "moved" SET DATA TYPE boolean USING "moved" <> 0;--> statement-breakpoint
ALTER TABLE "announcement_reads"
  ALTER COLUMN "read_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "read_at" * interval '1 millisecond';--> statement-breakpoint
ALTER TABLE "announcements"
  ALTER COLUMN "receivers" SET DATA TYPE jsonb USING "receivers"::jsonb,
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp(),
  ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "updated_at" * interval '1 millisecond';--> statement-breakpoint
ALTER TABLE "api_keys"
  ALTER COLUMN "allowed_ips" SET DATA TYPE jsonb USING "allowed_ips"::jsonb,
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp(),
  ALTER COLUMN "last_used_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "last_used_at" * interval '1 millisecond',
  ALTER COLUMN "revoked_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "revoked_at" * interval '1 millisecond';--> statement-breakpoint
ALTER TABLE "audit_log"
  ALTER COLUMN "detail" SET DATA TYPE jsonb USING "detail"::jsonb,
  ALTER COLUMN "at" DROP DEFAULT,
  ALTER COLUMN "at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "at" * interval '1 millisecond',
  ALTER COLUMN "at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "billing_runs"
  ALTER COLUMN "started_at" DROP DEFAULT,
  ALTER COLUMN "started_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "started_at" * interval '1 millisecond',
  ALTER COLUMN "started_at" SET DEFAULT clock_timestamp(),
  ALTER COLUMN "finished_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "finished_at" * interval '1 millisecond';--> statement-breakpoint
ALTER TABLE "contract_history"
  ALTER COLUMN "at" DROP DEFAULT,
  ALTER COLUMN "at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "at" * interval '1 millisecond',
  ALTER COLUMN "at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "creatives"
  ALTER COLUMN "name" SET DATA TYPE jsonb USING "name"::jsonb;--> statement-breakpoint
ALTER TABLE "end_user_password_resets"
  ALTER COLUMN "expires_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "expires_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "end_user_registrations"
  ALTER COLUMN "profile" DROP DEFAULT,
  ALTER COLUMN "profile" SET DATA TYPE jsonb USING "profile"::jsonb,
  ALTER COLUMN "profile" SET DEFAULT '{}',
  ALTER COLUMN "expires_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "expires_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "end_user_sessions"
  ALTER COLUMN "expires_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "expires_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "end_users"
  ALTER COLUMN "profile" DROP DEFAULT,
  ALTER COLUMN "profile" SET DATA TYPE jsonb USING "profile"::jsonb,
  ALTER COLUMN "profile" SET DEFAULT '{}',
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "experiments"
  ALTER COLUMN "arms" SET DATA TYPE jsonb USING "arms"::jsonb,
  ALTER COLUMN "started_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "started_at" * interval '1 millisecond',
  ALTER COLUMN "stopped_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "stopped_at" * interval '1 millisecond';--> statement-breakpoint
ALTER TABLE "form_entries"
  ALTER COLUMN "data" SET DATA TYPE jsonb USING "data"::jsonb,
  ALTER COLUMN "notified_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "notified_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "invoice_issuers"
  ALTER COLUMN "updated_at" DROP DEFAULT,
  ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "updated_at" * interval '1 millisecond',
  ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "invoices"
  ALTER COLUMN "tax_by_rate" SET DATA TYPE jsonb USING "tax_by_rate"::jsonb,
  ALTER COLUMN "issuer_snapshot" SET DATA TYPE jsonb USING "issuer_snapshot"::jsonb,
  ALTER COLUMN "recipient_snapshot" SET DATA TYPE jsonb USING "recipient_snapshot"::jsonb,
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp(),
  ALTER COLUMN "issued_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "issued_at" * interval '1 millisecond',
  ALTER COLUMN "paid_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "paid_at" * interval '1 millisecond';--> statement-breakpoint
ALTER TABLE "login_throttle"
  ALTER COLUMN "window_start" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "window_start" * interval '1 millisecond',
  ALTER COLUMN "locked_until" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "locked_until" * interval '1 millisecond';--> statement-breakpoint
ALTER TABLE "media"
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "oem_brandings"
  ALTER COLUMN "admin_host_verified_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "admin_host_verified_at" * interval '1 millisecond',
  ALTER COLUMN "updated_at" DROP DEFAULT,
  ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "updated_at" * interval '1 millisecond',
  ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "page_variants"
  ALTER COLUMN "content" SET DATA TYPE jsonb USING "content"::jsonb,
  ALTER COLUMN "translations" DROP DEFAULT,
  ALTER COLUMN "translations" SET DATA TYPE jsonb USING "translations"::jsonb,
  ALTER COLUMN "translations" SET DEFAULT '{}',
  ALTER COLUMN "updated_at" DROP DEFAULT,
  ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "updated_at" * interval '1 millisecond',
  ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "pages"
  ALTER COLUMN "content" SET DATA TYPE jsonb USING "content"::jsonb,
  ALTER COLUMN "translations" DROP DEFAULT,
  ALTER COLUMN "translations" SET DATA TYPE jsonb USING "translations"::jsonb,
  ALTER COLUMN "translations" SET DEFAULT '{}',
  ALTER COLUMN "updated_at" DROP DEFAULT,
  ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "updated_at" * interval '1 millisecond',
  ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "password_tokens"
  ALTER COLUMN "expires_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "expires_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "payment_cards"
  ALTER COLUMN "updated_at" DROP DEFAULT,
  ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "updated_at" * interval '1 millisecond',
  ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "payments"
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp(),
  ALTER COLUMN "updated_at" DROP DEFAULT,
  ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "updated_at" * interval '1 millisecond',
  ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "plan_changes"
  ALTER COLUMN "requested_at" DROP DEFAULT,
  ALTER COLUMN "requested_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "requested_at" * interval '1 millisecond',
  ALTER COLUMN "requested_at" SET DEFAULT clock_timestamp(),
  ALTER COLUMN "applied_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "applied_at" * interval '1 millisecond';--> statement-breakpoint
ALTER TABLE "plans"
  ALTER COLUMN "multilingual" SET DATA TYPE boolean USING "multilingual" <> 0,
  ALTER COLUMN "swipe" SET DATA TYPE boolean USING "swipe" <> 0,
  ALTER COLUMN "private_domain" SET DATA TYPE boolean USING "private_domain" <> 0,
  ALTER COLUMN "setting_popup_cta" SET DATA TYPE boolean USING "setting_popup_cta" <> 0,
  ALTER COLUMN "setting_form_contact" SET DATA TYPE boolean USING "setting_form_contact" <> 0,
  ALTER COLUMN "analytics_effect" SET DATA TYPE boolean USING "analytics_effect" <> 0,
  ALTER COLUMN "setting_tag_seo" SET DATA TYPE boolean USING "setting_tag_seo" <> 0,
  ALTER COLUMN "multi_language" SET DATA TYPE boolean USING "multi_language" <> 0,
  ALTER COLUMN "powered_by" DROP DEFAULT,
  ALTER COLUMN "powered_by" SET DATA TYPE boolean USING "powered_by" <> 0,
  ALTER COLUMN "powered_by" SET DEFAULT false,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond';--> statement-breakpoint
ALTER TABLE "preview_invites"
  ALTER COLUMN "sent_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "sent_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "preview_sessions"
  ALTER COLUMN "expires_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "expires_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "preview_shares"
  ALTER COLUMN "is_private" SET DATA TYPE boolean USING "is_private" <> 0,
  ALTER COLUMN "view_only" SET DATA TYPE boolean USING "view_only" <> 0,
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "provider_events"
  ALTER COLUMN "received_at" DROP DEFAULT,
  ALTER COLUMN "received_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "received_at" * interval '1 millisecond',
  ALTER COLUMN "received_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "publishes"
  ALTER COLUMN "stats" SET DATA TYPE jsonb USING "stats"::jsonb,
  ALTER COLUMN "error_values" SET DATA TYPE jsonb USING "error_values"::jsonb,
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp(),
  ALTER COLUMN "finished_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "finished_at" * interval '1 millisecond';--> statement-breakpoint
ALTER TABLE "server_secrets"
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "sessions"
  ALTER COLUMN "expires_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "expires_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "site_domains"
  ALTER COLUMN "saved_at" DROP DEFAULT,
  ALTER COLUMN "saved_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "saved_at" * interval '1 millisecond',
  ALTER COLUMN "saved_at" SET DEFAULT clock_timestamp(),
  ALTER COLUMN "verify_started_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "verify_started_at" * interval '1 millisecond',
  ALTER COLUMN "next_check_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "next_check_at" * interval '1 millisecond',
  ALTER COLUMN "last_checked_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "last_checked_at" * interval '1 millisecond',
  ALTER COLUMN "last_check" SET DATA TYPE jsonb USING "last_check"::jsonb,
  ALTER COLUMN "connected_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "connected_at" * interval '1 millisecond';--> statement-breakpoint
ALTER TABLE "sites"
  ALTER COLUMN "settings" SET DATA TYPE jsonb USING "settings"::jsonb,
  ALTER COLUMN "translations" DROP DEFAULT,
  ALTER COLUMN "translations" SET DATA TYPE jsonb USING "translations"::jsonb,
  ALTER COLUMN "translations" SET DEFAULT '{}',
  ALTER COLUMN "unpublished_by_contract_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "unpublished_by_contract_at" * interval '1 millisecond',
  ALTER COLUMN "published_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "published_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp(),
  ALTER COLUMN "updated_at" DROP DEFAULT,
  ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "updated_at" * interval '1 millisecond',
  ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "storage_leases"
  ALTER COLUMN "expires_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "expires_at" * interval '1 millisecond',
  ALTER COLUMN "released_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "released_at" * interval '1 millisecond';--> statement-breakpoint
ALTER TABLE "subscriptions"
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "survey_responses"
  ALTER COLUMN "answers" SET DATA TYPE jsonb USING "answers"::jsonb,
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "surveys"
  ALTER COLUMN "content" SET DATA TYPE jsonb USING "content"::jsonb,
  ALTER COLUMN "created_at" DROP DEFAULT,
  ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "created_at" * interval '1 millisecond',
  ALTER COLUMN "created_at" SET DEFAULT clock_timestamp(),
  ALTER COLUMN "updated_at" DROP DEFAULT,
  ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "updated_at" * interval '1 millisecond',
  ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "visitor_events"
  ALTER COLUMN "occurred_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "occurred_at" * interval '1 millisecond',
  ALTER COLUMN "received_at" SET DATA TYPE timestamp (3) with time zone USING timestamptz 'epoch' + "received_at" * interval '1 millisecond';
