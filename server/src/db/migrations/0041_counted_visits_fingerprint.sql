-- A visitor is now the 52-bit fingerprint of its address hash and agent (visitorOf), no longer an
-- md5 uuid: the rows are a working memory of the last hour (decision 011), so they are emptied
-- rather than converted; for up to an hour after the upgrade, a visitor who clicked through two
-- servers may count twice (each server's own memory still holds its visitors). docs/decisions/040.
TRUNCATE TABLE "counted_visits";--> statement-breakpoint
ALTER TABLE "counted_visits" ALTER COLUMN "visitor" SET DATA TYPE bigint USING 0;
