ALTER TABLE "clicks" DROP CONSTRAINT "clicks_link_id_links_id_fk";
--> statement-breakpoint
DROP INDEX "clicks_link_at_idx";--> statement-breakpoint
DROP INDEX "clicks_affiliate_at_idx";--> statement-breakpoint
DROP INDEX "clicks_campaign_at_idx";--> statement-breakpoint
DROP INDEX "clicks_counted_idx";--> statement-breakpoint
DROP INDEX "sales_affiliate_created_idx";--> statement-breakpoint
DROP INDEX "daily_stats_affiliate_day_idx";--> statement-breakpoint
CREATE INDEX "daily_affiliate_stats_affiliate_day_idx" ON "daily_affiliate_stats" USING btree ("affiliate_id","day","clicks","pending_sales","pending_commission_cents","approved_sales","approved_amount_cents","approved_commission_cents","refunded_sales");--> statement-breakpoint
CREATE INDEX "daily_stats_campaign_idx" ON "daily_stats" USING btree ("campaign_id","affiliate_id");--> statement-breakpoint
CREATE INDEX "clicks_link_idx" ON "clicks" USING btree ("link_id","is_bot","is_repeat");--> statement-breakpoint
CREATE INDEX "sales_affiliate_created_idx" ON "sales" USING btree ("affiliate_id","created_at","status","amount_cents","commission_cents","payment_method","origin","utm_source");--> statement-breakpoint
CREATE INDEX "daily_stats_affiliate_day_idx" ON "daily_stats" USING btree ("affiliate_id","day","campaign_id","clicks","pending_sales","pending_commission_cents","approved_sales","approved_amount_cents","approved_commission_cents","refunded_sales");