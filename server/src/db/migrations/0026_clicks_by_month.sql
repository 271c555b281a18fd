ALTER TABLE "sales" ADD COLUMN "click_traits_id" integer;--> statement-breakpoint
-- The sales a traffic view counts read their click's traits here, not off the clicks (which age out).
UPDATE "sales" s SET "click_traits_id" = c."traits_id"
  FROM "clicks" c WHERE c."id" = s."click_id" AND c."traits_id" IS NOT NULL;--> statement-breakpoint
-- The clicks, partitioned by calendar month (UTC) on "at" (docs/decisions/029). The table as it was
-- becomes one partition, for everything before next month, so an existing install moves no row: the
-- attach checks its rows against that bound once, which is one sequential read of the table. New months
-- get their own partitions ahead of time; a default partition takes any click outside them (an old
-- date from a seed, say) until its month's partition is made, and never refuses a write.
DO $$
DECLARE
  bound date := (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month')::date;
  kept text := 'clicks_until_' || to_char(bound, 'YYYY_MM');
BEGIN
  ALTER TABLE clicks RENAME TO clicks_unpartitioned;
  CREATE TABLE clicks (LIKE clicks_unpartitioned INCLUDING DEFAULTS) PARTITION BY RANGE (at);
  CREATE TABLE clicks_default PARTITION OF clicks DEFAULT;
  ALTER TABLE clicks_default ADD PRIMARY KEY (id);
  IF EXISTS (SELECT 1 FROM clicks_unpartitioned) THEN
    EXECUTE format('ALTER TABLE clicks_unpartitioned RENAME TO %I', kept);
    EXECUTE format('ALTER TABLE clicks ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)', kept,
      bound::timestamp AT TIME ZONE 'UTC');
  ELSE
    DROP TABLE clicks_unpartitioned;
  END IF;
END $$;--> statement-breakpoint
-- Makes the monthly partitions from first_month to last_month that are missing, moving any of their
-- clicks the default partition holds. Each partition has its own primary key on id: a click id
-- carries its time (UUID v7), so one id is in one month. Safe to call from several servers at once.
CREATE FUNCTION ensure_click_partitions(first_month date, last_month date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', first_month)::date;
  made integer := 0;
  part text;
  starts timestamptz;
  ends timestamptz;
  covered_until date;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('ensure_click_partitions'));
  SELECT max(to_date(substr(c.relname, 14), 'YYYY_MM')) INTO covered_until
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'clicks'::regclass AND c.relname LIKE 'clicks\_until\_%';
  WHILE m <= last_month LOOP
    part := 'clicks_' || to_char(m, 'YYYY_MM');
    IF to_regclass(part) IS NULL AND (covered_until IS NULL OR m >= covered_until) THEN
      starts := m::timestamp AT TIME ZONE 'UTC';
      ends := (m + interval '1 month')::timestamp AT TIME ZONE 'UTC';
      EXECUTE format('CREATE TABLE %I (LIKE clicks INCLUDING DEFAULTS)', part);
      EXECUTE format('INSERT INTO %I SELECT * FROM clicks_default WHERE at >= %L AND at < %L', part, starts, ends);
      DELETE FROM clicks_default WHERE at >= starts AND at < ends;
      EXECUTE format('ALTER TABLE %I ADD PRIMARY KEY (id)', part);
      EXECUTE format('ALTER TABLE clicks ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, starts, ends);
      made := made + 1;
    END IF;
    m := (m + interval '1 month')::date;
  END LOOP;
  RETURN made;
END $$;--> statement-breakpoint
-- Drops every partition whose clicks are all older than cutoff, and the default partition's older
-- clicks: the rollups keep every figure, so only raw visits go. Returns the partitions dropped.
CREATE FUNCTION drop_click_partitions(cutoff timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  part record;
  ends timestamptz;
  dropped integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('ensure_click_partitions'));
  FOR part IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'clicks'::regclass AND c.relname <> 'clicks_default' LOOP
    IF part.relname LIKE 'clicks\_until\_%' THEN
      ends := to_date(substr(part.relname, 14), 'YYYY_MM')::timestamp AT TIME ZONE 'UTC';
    ELSE
      ends := (to_date(substr(part.relname, 8), 'YYYY_MM') + interval '1 month')::timestamp AT TIME ZONE 'UTC';
    END IF;
    IF ends <= cutoff THEN
      EXECUTE format('DROP TABLE %I', part.relname);
      dropped := dropped + 1;
    END IF;
  END LOOP;
  DELETE FROM clicks_default WHERE at < cutoff;
  RETURN dropped;
END $$;--> statement-breakpoint
SELECT ensure_click_partitions((now() AT TIME ZONE 'UTC')::date, ((now() AT TIME ZONE 'UTC') + interval '3 months')::date);
