CREATE TABLE "daily_sales_by" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"status" text NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"commission_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_sales_by_day_dimension_key_status_pk" PRIMARY KEY("day","dimension","key","status")
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "utm_source" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "sales" s SET "utm_source" = l."utm_source" FROM "clicks" c JOIN "links" l ON l."id" = c."link_id" WHERE c."id" = s."click_id";--> statement-breakpoint
insert into daily_sales_by (day, dimension, key, status, sales, amount_cents, commission_cents)
  select ((created_at at time zone 'UTC') - interval '3 hours')::date, d.dimension, d.key, status,
    count(*), sum(amount_cents), sum(commission_cents)
  from sales
  cross join lateral (values ('payment_method', payment_method), ('origin', origin), ('utm_source', utm_source))
    as d(dimension, key)
  group by 1, 2, 3, 4;
