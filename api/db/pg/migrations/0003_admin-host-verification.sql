DROP INDEX "oem_brandings_admin_host";--> statement-breakpoint
ALTER TABLE "oem_brandings" ADD COLUMN "admin_host_token" text;--> statement-breakpoint
ALTER TABLE "oem_brandings" ADD COLUMN "admin_host_verified_at" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "oem_brandings_verified_admin_host" ON "oem_brandings" USING btree ("admin_host") WHERE admin_host_verified_at IS NOT NULL;