-- The position pipeline updates every reporting device (latest position, lastUpdate, status, bus cursor) in
-- each batch. None of those columns is indexed, so with free room on the page PostgreSQL can update the row in
-- place (a HOT update) instead of writing all of the table's indexes again: leave 30 % of each page free.
ALTER TABLE "devices" SET (fillfactor = 70);
