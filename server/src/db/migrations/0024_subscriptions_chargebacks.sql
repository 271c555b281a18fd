ALTER TABLE "campaigns" ADD COLUMN "recurring_rule" text DEFAULT 'lifetime' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recurring_charges" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "renewal_commission_value" bigint;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "charged_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "charge_number" integer;--> statement-breakpoint
CREATE INDEX "sales_subscription_idx" ON "sales" USING btree ("campaign_id","subscription_id","charge_number") WHERE "sales"."subscription_id" is not null;--> statement-breakpoint
-- Every sale recorded so far is a first charge: the new `charge` dimension of the sales rollup is
-- the payment-method dimension (every sale is in it once) keyed `new`.
INSERT INTO "daily_sales_by" ("day", "dimension", "key", "status", "sales", "amount_cents", "commission_cents")
SELECT "day", 'charge', 'new', "status", sum("sales"), sum("amount_cents"), sum("commission_cents")
FROM "daily_sales_by" WHERE "dimension" = 'payment_method' GROUP BY "day", "status";
