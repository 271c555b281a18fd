CREATE TABLE "daily_stats" (
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
	CONSTRAINT "daily_stats_day_affiliate_id_campaign_id_pk" PRIMARY KEY("day","affiliate_id","campaign_id")
);
--> statement-breakpoint
CREATE INDEX "daily_stats_affiliate_day_idx" ON "daily_stats" USING btree ("affiliate_id","day");--> statement-breakpoint
insert into daily_stats (day, affiliate_id, campaign_id, clicks, pending_sales, pending_commission_cents,
    approved_sales, approved_amount_cents, approved_commission_cents, refunded_sales)
  select day, affiliate_id, campaign_id, sum(clicks), sum(pending_sales), sum(pending_commission_cents),
    sum(approved_sales), sum(approved_amount_cents), sum(approved_commission_cents), sum(refunded_sales)
  from (
    select ((at at time zone 'UTC') - interval '3 hours')::date as day, affiliate_id, campaign_id,
      count(*) as clicks, 0 as pending_sales, 0 as pending_commission_cents, 0 as approved_sales,
      0 as approved_amount_cents, 0 as approved_commission_cents, 0 as refunded_sales
    from clicks where not is_bot and not is_repeat group by 1, 2, 3
    union all
    select ((created_at at time zone 'UTC') - interval '3 hours')::date, affiliate_id, campaign_id, 0,
      count(*) filter (where status = 'pending'), coalesce(sum(commission_cents) filter (where status = 'pending'), 0),
      count(*) filter (where status = 'approved'), coalesce(sum(amount_cents) filter (where status = 'approved'), 0),
      coalesce(sum(commission_cents) filter (where status = 'approved'), 0), count(*) filter (where status = 'refunded')
    from sales group by 1, 2, 3
  ) x group by 1, 2, 3;
