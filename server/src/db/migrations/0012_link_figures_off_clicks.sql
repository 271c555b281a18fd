CREATE TABLE "link_stats" (
	"link_id" bigint PRIMARY KEY NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "clicks_link_idx";--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "link_id" bigint;--> statement-breakpoint
CREATE INDEX "sales_link_idx" ON "sales" USING btree ("link_id") WHERE "sales"."link_id" is not null;--> statement-breakpoint
UPDATE "sales" s SET "link_id" = c."link_id" FROM "clicks" c WHERE c."id" = s."click_id";--> statement-breakpoint
insert into link_stats (link_id, clicks)
  select link_id, count(*) from clicks where not is_bot and not is_repeat group by link_id;
