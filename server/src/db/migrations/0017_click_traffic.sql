CREATE TABLE "daily_traffic" (
	"day" date NOT NULL,
	"link_id" bigint NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_traffic_day_link_id_dimension_key_pk" PRIMARY KEY("day","link_id","dimension","key")
);
--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "first_click_id" uuid;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "browser" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "os" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "referrer_host" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "daily_traffic_affiliate_idx" ON "daily_traffic" USING btree ("affiliate_id","dimension","day");--> statement-breakpoint
CREATE INDEX "daily_traffic_campaign_idx" ON "daily_traffic" USING btree ("campaign_id","dimension","day");--> statement-breakpoint
CREATE INDEX "daily_traffic_dimension_idx" ON "daily_traffic" USING btree ("dimension","day");