CREATE TABLE "daily_stats_recent" (
	"day" date NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"pending_sales" integer DEFAULT 0 NOT NULL,
	"pending_commission_cents" bigint DEFAULT 0 NOT NULL,
	"approved_sales" integer DEFAULT 0 NOT NULL,
	"approved_amount_cents" bigint DEFAULT 0 NOT NULL,
	"approved_commission_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_sales" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_stats_recent_day_affiliate_id_campaign_id_pk" PRIMARY KEY("day","affiliate_id","campaign_id")
);
--> statement-breakpoint
-- Room on each page for a row's next version, so an increment stays on its page (HOT) and takes no index.
ALTER TABLE "daily_stats_recent" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "daily_campaign_stats" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "daily_sales_by" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "link_stats" SET (fillfactor = 50);--> statement-breakpoint
CREATE VIEW "daily_stats_now" AS
  SELECT day, affiliate_id, campaign_id, clicks, pending_sales, pending_commission_cents, approved_sales, approved_amount_cents, approved_commission_cents, refunded_sales FROM daily_stats
  UNION ALL
  SELECT day, affiliate_id, campaign_id, clicks, pending_sales, pending_commission_cents, approved_sales, approved_amount_cents, approved_commission_cents, refunded_sales FROM daily_stats_recent;--> statement-breakpoint
CREATE VIEW "daily_affiliate_stats_now" AS
  SELECT day, affiliate_id, clicks, pending_sales, pending_commission_cents, approved_sales, approved_amount_cents, approved_commission_cents, refunded_sales FROM daily_affiliate_stats
  UNION ALL
  SELECT day, affiliate_id, clicks, pending_sales, pending_commission_cents, approved_sales, approved_amount_cents, approved_commission_cents, refunded_sales FROM daily_stats_recent;
