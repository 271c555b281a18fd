CREATE TABLE "click_traits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "click_traits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country" text NOT NULL,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"os" text NOT NULL,
	"referrer_host" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "traits_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "click_traits_key" ON "click_traits" USING btree ("country","device","browser","os","referrer_host");