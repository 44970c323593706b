ALTER TABLE "plans" ADD COLUMN "max_video_seconds" bigint DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "publishes" ADD COLUMN "error_key" text;--> statement-breakpoint
ALTER TABLE "publishes" ADD COLUMN "error_values" text;