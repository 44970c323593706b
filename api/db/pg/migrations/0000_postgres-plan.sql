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
	"license_issued" integer DEFAULT 0 NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"must_change_password" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" bigint DEFAULT (extract(epoch from clock_timestamp()) * 1000)::bigint NOT NULL,
	"updated_at" bigint
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
	"created_at" bigint DEFAULT (extract(epoch from clock_timestamp()) * 1000)::bigint NOT NULL,
	"updated_at" bigint
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_id_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email" ON "accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "accounts_parent" ON "accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "announcement_reads_account" ON "announcement_reads" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "announcements_kind" ON "announcements" USING btree ("kind");