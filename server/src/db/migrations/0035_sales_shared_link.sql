ALTER TABLE "sales" ADD COLUMN "shared_link_id" bigint;--> statement-breakpoint
CREATE INDEX "sales_shared_link_idx" ON "sales" USING btree ("shared_link_id") WHERE "sales"."shared_link_id" is not null;--> statement-breakpoint
-- The split sales recorded before: their first click's link, while the click is still kept.
UPDATE "sales" s SET "shared_link_id" = c."link_id"
FROM "clicks" c
WHERE s."shared_affiliate_id" IS NOT NULL
  AND c."id" = (s."commission"->'decided_by'->>'first_click_id')::uuid;
--> statement-breakpoint
-- The per-link traffic rollup counted a split sale's whole commission on its owner's link: the first
-- click's share moves to the first click's link (without the sale's count), as the sale step now
-- writes it (docs/decisions/021). Where the first click has aged out, the share leaves the owner's
-- link all the same, as a rebuild would.
INSERT INTO "daily_traffic" AS d ("day", "link_id", "affiliate_id", "campaign_id", "dimension", "key", "clicks", "sales", "commission_cents")
SELECT ((s."created_at" AT TIME ZONE 'UTC') - interval '3 hours')::date, sh.link_id, l."affiliate_id", l."campaign_id",
  v.dimension, v.key, 0, 0, sum(sh.cents)
FROM "sales" s
CROSS JOIN LATERAL (VALUES (s."link_id", -s."shared_commission_cents"), (s."shared_link_id", s."shared_commission_cents")) AS sh(link_id, cents)
JOIN "links" l ON l."id" = sh.link_id
LEFT JOIN "click_traits" ct ON ct."id" = s."click_traits_id"
CROSS JOIN LATERAL (VALUES ('country', coalesce(ct."country", '')), ('device', coalesce(ct."device", '')),
  ('browser', coalesce(ct."browser", '')), ('os', coalesce(ct."os", '')), ('referrer', coalesce(ct."referrer_host", ''))) AS v(dimension, key)
WHERE s."status" = 'approved' AND s."click_id" IS NOT NULL AND s."shared_affiliate_id" IS NOT NULL AND s."shared_commission_cents" > 0
GROUP BY 1, 2, 3, 4, 5, 6
ORDER BY 1, 2, 5, 6
ON CONFLICT ("day", "link_id", "dimension", "key") DO UPDATE SET "commission_cents" = d."commission_cents" + excluded."commission_cents";
