CREATE TABLE "daily_affiliate_stats" (
	"day" date NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"pending_sales" integer DEFAULT 0 NOT NULL,
	"pending_commission_cents" bigint DEFAULT 0 NOT NULL,
	"approved_sales" integer DEFAULT 0 NOT NULL,
	"approved_amount_cents" bigint DEFAULT 0 NOT NULL,
	"approved_commission_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_sales" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_affiliate_stats_day_affiliate_id_pk" PRIMARY KEY("day","affiliate_id")
);
--> statement-breakpoint
CREATE TABLE "daily_campaign_stats" (
	"day" date NOT NULL,
	"campaign_id" bigint NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"pending_sales" integer DEFAULT 0 NOT NULL,
	"pending_commission_cents" bigint DEFAULT 0 NOT NULL,
	"approved_sales" integer DEFAULT 0 NOT NULL,
	"approved_amount_cents" bigint DEFAULT 0 NOT NULL,
	"approved_commission_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_sales" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_campaign_stats_day_campaign_id_pk" PRIMARY KEY("day","campaign_id")
);
--> statement-breakpoint
insert into daily_campaign_stats (day, campaign_id, clicks, pending_sales, pending_commission_cents, approved_sales,
    approved_amount_cents, approved_commission_cents, refunded_sales)
  select day, campaign_id, sum(clicks), sum(pending_sales), sum(pending_commission_cents), sum(approved_sales),
    sum(approved_amount_cents), sum(approved_commission_cents), sum(refunded_sales)
  from daily_stats group by 1, 2;--> statement-breakpoint
insert into daily_affiliate_stats (day, affiliate_id, clicks, pending_sales, pending_commission_cents, approved_sales,
    approved_amount_cents, approved_commission_cents, refunded_sales)
  select day, affiliate_id, sum(clicks), sum(pending_sales), sum(pending_commission_cents), sum(approved_sales),
    sum(approved_amount_cents), sum(approved_commission_cents), sum(refunded_sales)
  from daily_stats group by 1, 2;
