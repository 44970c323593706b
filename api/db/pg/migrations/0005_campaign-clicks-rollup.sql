CREATE TABLE "analytics_campaign_clicks" (
	"site_id" text NOT NULL,
	"bucket" bigint NOT NULL,
	"item_id" text NOT NULL,
	"variant" text NOT NULL,
	"lang" text NOT NULL,
	"device" text NOT NULL,
	"source" text NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_campaign_clicks_site_id_bucket_item_id_variant_lang_device_source_pk" PRIMARY KEY("site_id","bucket","item_id","variant","lang","device","source")
);
