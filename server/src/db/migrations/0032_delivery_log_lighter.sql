ALTER TABLE "integration_deliveries" DROP CONSTRAINT "integration_deliveries_integration_id_integrations_id_fk";
--> statement-breakpoint
ALTER TABLE "integration_deliveries" DROP CONSTRAINT "integration_deliveries_sale_id_sales_id_fk";
--> statement-breakpoint
DROP INDEX "integration_deliveries_received_idx";--> statement-breakpoint
CREATE INDEX "integration_deliveries_received_idx" ON "integration_deliveries" USING brin ("received_at");