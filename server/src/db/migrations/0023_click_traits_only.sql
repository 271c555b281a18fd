ALTER TABLE "clicks" DROP COLUMN "country";--> statement-breakpoint
ALTER TABLE "clicks" DROP COLUMN "device";--> statement-breakpoint
ALTER TABLE "clicks" DROP COLUMN "browser";--> statement-breakpoint
ALTER TABLE "clicks" DROP COLUMN "os";--> statement-breakpoint
ALTER TABLE "clicks" DROP COLUMN "referrer_host";