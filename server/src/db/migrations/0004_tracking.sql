CREATE TABLE "clicks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"link_id" bigint NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip_hash" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"is_repeat" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"affiliate_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"code" text NOT NULL,
	"sub_id" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clicks" ADD CONSTRAINT "clicks_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clicks_link_at_idx" ON "clicks" USING btree ("link_id","at");--> statement-breakpoint
CREATE INDEX "clicks_affiliate_at_idx" ON "clicks" USING btree ("affiliate_id","at");--> statement-breakpoint
CREATE INDEX "clicks_campaign_at_idx" ON "clicks" USING btree ("campaign_id","at");--> statement-breakpoint
CREATE INDEX "clicks_counted_idx" ON "clicks" USING btree ("link_id") WHERE not "clicks"."is_bot" and not "clicks"."is_repeat";--> statement-breakpoint
CREATE UNIQUE INDEX "links_code_key" ON "links" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "links_choices_key" ON "links" USING btree ("affiliate_id","campaign_id","sub_id","utm_source","utm_medium","utm_campaign");