CREATE TABLE "payout_invoices" (
	"redemption_id" bigint PRIMARY KEY NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"format" text NOT NULL,
	"content" "bytea" NOT NULL,
	"amount_cents" bigint,
	"status" text NOT NULL,
	"note" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"redemption_id" bigint NOT NULL,
	"month" text NOT NULL,
	"gross_cents" bigint NOT NULL,
	"inss_cents" bigint NOT NULL,
	"irrf_cents" bigint NOT NULL,
	"iss_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"payee" jsonb NOT NULL,
	"end_to_end_id" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_receipts_item_id_unique" UNIQUE("item_id"),
	CONSTRAINT "payout_receipts_net_check" CHECK ("payout_receipts"."net_cents" = "payout_receipts"."gross_cents" - "payout_receipts"."inss_cents" - "payout_receipts"."irrf_cents" - "payout_receipts"."iss_cents")
);
--> statement-breakpoint
CREATE TABLE "tax_profiles" (
	"affiliate_id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"document" text NOT NULL,
	"legal_name" text NOT NULL,
	"street" text NOT NULL,
	"number" text NOT NULL,
	"complement" text DEFAULT '' NOT NULL,
	"district" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_items" ADD COLUMN "inss_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_items" ADD COLUMN "irrf_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_items" ADD COLUMN "iss_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_items" ADD COLUMN "net_cents" bigint;--> statement-breakpoint
ALTER TABLE "payout_invoices" ADD CONSTRAINT "payout_invoices_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_invoices" ADD CONSTRAINT "payout_invoices_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_invoices" ADD CONSTRAINT "payout_invoices_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_receipts" ADD CONSTRAINT "payout_receipts_item_id_payout_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."payout_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_receipts" ADD CONSTRAINT "payout_receipts_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_receipts" ADD CONSTRAINT "payout_receipts_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_profiles" ADD CONSTRAINT "tax_profiles_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_receipts_affiliate_idx" ON "payout_receipts" USING btree ("affiliate_id","month");