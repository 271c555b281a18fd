-- One outbox for everything that leaves the portal (decision 033). Mail becomes a queue like the
-- postbacks' and the webhooks': the old `outbox` table of mails is `mail_deliveries`, with a state,
-- attempts and a due time. Mails written before were sent once or kept: they are not sent again.
ALTER TABLE "outbox" RENAME TO "mail_deliveries";--> statement-breakpoint
ALTER TABLE "mail_deliveries" RENAME CONSTRAINT "outbox_pkey" TO "mail_deliveries_pkey";--> statement-breakpoint
ALTER INDEX "outbox_to_idx" RENAME TO "mail_deliveries_to_idx";--> statement-breakpoint
ALTER TABLE "mail_deliveries" RENAME COLUMN "sent_at" TO "delivered_at";--> statement-breakpoint
ALTER TABLE "mail_deliveries" ADD COLUMN "state" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_deliveries" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_deliveries" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "mail_deliveries" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
UPDATE "mail_deliveries" SET "next_attempt_at" = NULL, "attempts" = CASE WHEN "delivered_at" IS NOT NULL OR "error" IS NOT NULL THEN 1 ELSE 0 END,
  "state" = CASE WHEN "delivered_at" IS NOT NULL THEN 'sent' WHEN "error" IS NOT NULL THEN 'failed' ELSE 'kept' END;--> statement-breakpoint
ALTER TABLE "mail_deliveries" ADD CONSTRAINT "mail_deliveries_attempts_check" CHECK ("mail_deliveries"."attempts" >= 0);--> statement-breakpoint
CREATE INDEX "mail_deliveries_due_idx" ON "mail_deliveries" USING btree ("next_attempt_at") WHERE "mail_deliveries"."state" = 'queued';--> statement-breakpoint
-- One attempt log for every channel; the webhooks' attempts move into it.
CREATE TABLE "outbound_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbound_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"delivery_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"is_manual" boolean DEFAULT false NOT NULL,
	"status_code" integer,
	"error" text,
	"response_excerpt" text,
	"duration_ms" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "outbound_attempts_delivery_idx" ON "outbound_attempts" USING btree ("channel","delivery_id","id");--> statement-breakpoint
INSERT INTO "outbound_attempts" ("channel", "delivery_id", "attempt", "is_manual", "status_code", "error", "response_excerpt", "duration_ms", "at")
  SELECT 'webhook', "delivery_id", "attempt", "is_manual", "status_code", "error", "response_excerpt", "duration_ms", "at" FROM "webhook_attempts" ORDER BY "id";--> statement-breakpoint
DROP TABLE "webhook_attempts";--> statement-breakpoint
-- An affiliate's postback that fails without pause is turned off, as a webhook endpoint is.
ALTER TABLE "affiliate_postbacks" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "affiliate_postbacks" ADD COLUMN "failure_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_postbacks" ADD COLUMN "failing_since" timestamp with time zone;
