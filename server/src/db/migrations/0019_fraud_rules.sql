CREATE TABLE "click_floods" (
	"day" date NOT NULL,
	"link_id" bigint NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"ip_hash" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "click_floods_day_link_id_ip_hash_pk" PRIMARY KEY("day","link_id","ip_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_devices" (
	"user_id" bigint NOT NULL,
	"ip_hash" text NOT NULL,
	"user_agent" text NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_devices_user_id_ip_hash_user_agent_pk" PRIMARY KEY("user_id","ip_hash","user_agent")
);
--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_devices" ADD CONSTRAINT "sign_in_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;