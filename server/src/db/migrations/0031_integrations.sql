CREATE TABLE "integration_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"integration_id" bigint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_type" text NOT NULL,
	"external_id" text,
	"external_product_id" text,
	"outcome" text NOT NULL,
	"reason" text,
	"detail" text,
	"sale_id" bigint,
	"replayed_at" timestamp with time zone,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_products" (
	"integration_id" bigint NOT NULL,
	"external_product_id" text NOT NULL,
	"campaign_id" bigint NOT NULL,
	CONSTRAINT "integration_products_integration_id_external_product_id_pk" PRIMARY KEY("integration_id","external_product_id")
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"campaign_id" bigint,
	"token" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_products" ADD CONSTRAINT "integration_products_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_products" ADD CONSTRAINT "integration_products_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_deliveries_list_idx" ON "integration_deliveries" USING btree ("integration_id","id");--> statement-breakpoint
CREATE INDEX "integration_deliveries_order_idx" ON "integration_deliveries" USING btree ("integration_id","external_id");--> statement-breakpoint
CREATE INDEX "integration_deliveries_attention_idx" ON "integration_deliveries" USING btree ("integration_id") WHERE "integration_deliveries"."outcome" = 'needs_attention';--> statement-breakpoint
CREATE INDEX "integration_deliveries_received_idx" ON "integration_deliveries" USING btree ("received_at");