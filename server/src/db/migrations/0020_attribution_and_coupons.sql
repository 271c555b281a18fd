CREATE TABLE "coupons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"campaign_id" bigint NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"discount_label" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "ledger_sale_kind_key";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "attribution_model" text DEFAULT 'last_click' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "shared_affiliate_id" bigint;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "shared_commission_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "shared_amount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "coupon_id" bigint;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "coupons_affiliate_idx" ON "coupons" USING btree ("affiliate_id","campaign_id");--> statement-breakpoint
CREATE INDEX "coupons_campaign_idx" ON "coupons" USING btree ("campaign_id");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_shared_affiliate_id_affiliates_id_fk" FOREIGN KEY ("shared_affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_sale_affiliate_kind_key" ON "ledger_entries" USING btree ("sale_id","affiliate_id","kind") WHERE "ledger_entries"."sale_id" is not null;--> statement-breakpoint
CREATE INDEX "sales_shared_affiliate_idx" ON "sales" USING btree ("shared_affiliate_id","created_at") WHERE "sales"."shared_affiliate_id" is not null;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_share_within" CHECK ("sales"."shared_commission_cents" between 0 and "sales"."commission_cents" and "sales"."shared_amount_cents" between 0 and "sales"."amount_cents");