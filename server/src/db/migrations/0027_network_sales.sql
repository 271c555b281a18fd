-- Each sale keeps the network its affiliate was in when it was recorded (docs/decisions/030), and the
-- sales rollup by dimension is kept per network too, so a network's breakdowns read the rollup rather
-- than every sale of its members.
ALTER TABLE "sales" ADD COLUMN "network_id" bigint;--> statement-breakpoint
UPDATE "sales" s SET "network_id" = a."network_id"
  FROM "affiliates" a WHERE a."id" = s."affiliate_id" AND a."network_id" IS NOT NULL;--> statement-breakpoint
-- Set by the database, so every way a sale is written (postback, form, import, renewal, seeds) agrees.
CREATE FUNCTION sales_network_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT network_id INTO NEW.network_id FROM affiliates WHERE id = NEW.affiliate_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER sales_network_on_insert BEFORE INSERT ON "sales"
  FOR EACH ROW WHEN (NEW.network_id IS NULL) EXECUTE FUNCTION sales_network_on_insert();--> statement-breakpoint
ALTER TABLE "daily_sales_by" ADD COLUMN "network_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_sales_by" DROP CONSTRAINT "daily_sales_by_day_dimension_key_status_pk";--> statement-breakpoint
DELETE FROM "daily_sales_by";--> statement-breakpoint
INSERT INTO "daily_sales_by" (day, dimension, key, status, network_id, sales, amount_cents, commission_cents)
  SELECT ((created_at AT TIME ZONE 'UTC') - interval '3 hours')::date, d.dimension, d.key, status,
    coalesce(network_id, 0), count(*), sum(amount_cents), sum(commission_cents)
  FROM sales
  CROSS JOIN LATERAL (VALUES ('payment_method', payment_method), ('origin', origin), ('utm_source', utm_source),
    ('charge', CASE WHEN coalesce(charge_number, 1) > 1 THEN 'recurring' ELSE 'new' END)) AS d(dimension, key)
  GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
ALTER TABLE "daily_sales_by" ADD CONSTRAINT "daily_sales_by_day_dimension_key_status_network_id_pk" PRIMARY KEY("day","dimension","key","status","network_id");--> statement-breakpoint
-- The admin home counts the flagged sales waiting for review: from this small index, not every pending sale.
CREATE INDEX "sales_flagged_idx" ON "sales" USING btree ("created_at") WHERE "sales"."status" = 'pending' and jsonb_array_length("sales"."flags") > 0;--> statement-breakpoint
-- An affiliate's balance is the sum of its ledger lines: with the amount in the index, from the index alone.
DROP INDEX "ledger_affiliate_idx";--> statement-breakpoint
CREATE INDEX "ledger_affiliate_idx" ON "ledger_entries" USING btree ("affiliate_id","id","amount_cents");
