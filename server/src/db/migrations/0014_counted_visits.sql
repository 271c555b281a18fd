CREATE TABLE "counted_visits" (
	"link_id" bigint NOT NULL,
	"visitor" uuid NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "counted_visits_link_id_visitor_pk" PRIMARY KEY("link_id","visitor")
);
