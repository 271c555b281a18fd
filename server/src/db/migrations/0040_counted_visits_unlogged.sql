-- The visits counted within the hour are a working memory of the repeat rule (decision 011), not a
-- record: without WAL each batch's upsert costs the database about half as much. A database crash
-- empties the table; for up to an hour after one, a visitor who clicked through two servers may
-- count twice (each server's own memory still holds its visitors). docs/decisions/040.
ALTER TABLE "counted_visits" SET UNLOGGED;
