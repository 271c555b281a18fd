CREATE TABLE "affiliate_postbacks" (
	"affiliate_id" bigint PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postback_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postback_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"affiliate_id" bigint NOT NULL,
	"sale_id" bigint NOT NULL,
	"event" text NOT NULL,
	"sale_status" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"url" text,
	"status_code" integer,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postback_deliveries_attempts_check" CHECK ("postback_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "affiliate_postbacks" ADD CONSTRAINT "affiliate_postbacks_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_deliveries" ADD CONSTRAINT "postback_deliveries_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_deliveries" ADD CONSTRAINT "postback_deliveries_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "postback_deliveries_due_idx" ON "postback_deliveries" USING btree ("next_attempt_at") WHERE "postback_deliveries"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "postback_deliveries_affiliate_idx" ON "postback_deliveries" USING btree ("affiliate_id","id");