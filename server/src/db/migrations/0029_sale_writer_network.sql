-- The sale writer records each sale's network itself, from the affiliate it has already loaded
-- (decision 030): the row trigger that looked the affiliate up again cost the launch-day path about
-- a twelfth of its throughput (bench/postback, 2026-11-27). Seeds set it in bulk.
DROP TRIGGER "sales_network_on_insert" ON "sales";--> statement-breakpoint
DROP FUNCTION "sales_network_on_insert"();
