-- Positions and events partitioned by month (PostgreSQL declarative partitioning, RANGE on fixTime / eventTime).
-- Each month is a table of its own in the schema "partitions" (partitions.positions_2026_11, …), created ahead
-- by the API and dropped whole by retention: dropping a month is instant and takes no lock that stops writers.
-- The primary keys include the partition key, as PostgreSQL requires, and ids still come from one sequence per table.
-- Existing rows are moved into the partitions of their months.

CREATE SCHEMA IF NOT EXISTS "partitions";

-- Creates (if missing) the partition of `parent` that holds `at`'s month, and returns its name. The table is
-- made standalone and then attached: ATTACH takes a SHARE UPDATE EXCLUSIVE lock on the parent, which does not
-- block reads or writes (CREATE TABLE … PARTITION OF would take an exclusive one). Concurrent callers serialize
-- on an advisory lock per partition.
CREATE OR REPLACE FUNCTION "partitions".ensure_month(parent text, at timestamp(3)) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  first timestamp(3) := date_trunc('month', at);
  name text := parent || '_' || to_char(first, 'YYYY_MM') || CASE WHEN first < '0001-01-01' THEN '_bc' ELSE '' END;
BEGIN
  IF to_regclass(format('partitions.%I', name)) IS NOT NULL THEN
    RETURN name;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('waymark partition ' || name));
  IF to_regclass(format('partitions.%I', name)) IS NULL THEN
    EXECUTE format('CREATE TABLE partitions.%I (LIKE public.%I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name, parent);
    EXECUTE format('ALTER TABLE public.%I ATTACH PARTITION partitions.%I FOR VALUES FROM (%L) TO (%L)',
                   parent, name, first, first + interval '1 month');
  END IF;
  RETURN name;
END $$;

-- AlterTable
ALTER TABLE "devices" ADD COLUMN     "positionTime" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "server" ADD COLUMN     "retentionDays" INTEGER;

-- AlterTable
ALTER TABLE "tenants" ADD COLUMN     "retentionDays" INTEGER;

-- CreateTable
CREATE TABLE "device_purges" (
    "deviceId" INTEGER NOT NULL,
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_purges_pkey" PRIMARY KEY ("deviceId")
);

-- positions: the old table steps aside, the partitioned one takes its name, sequence and indexes
ALTER TABLE "positions" RENAME TO "positions_unpartitioned";
ALTER TABLE "positions_unpartitioned" RENAME CONSTRAINT "positions_pkey" TO "positions_unpartitioned_pkey";
ALTER INDEX "positions_deviceId_fixTime_idx" RENAME TO "positions_unpartitioned_deviceId_fixTime_idx";

CREATE TABLE "positions" (
    "id" BIGINT NOT NULL DEFAULT nextval('positions_id_seq'),
    "deviceId" INTEGER NOT NULL,
    "tenantId" INTEGER,
    "protocol" TEXT,
    "serverTime" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deviceTime" TIMESTAMP(3) NOT NULL,
    "fixTime" TIMESTAMP(3) NOT NULL,
    "valid" BOOLEAN NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "altitude" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "speed" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "course" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "address" TEXT,
    "accuracy" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "network" JSON,
    "geofenceIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "attributes" JSON NOT NULL DEFAULT '{}',

    CONSTRAINT "positions_pkey" PRIMARY KEY ("id", "fixTime")
) PARTITION BY RANGE ("fixTime");
CREATE INDEX "positions_deviceId_fixTime_idx" ON "positions"("deviceId", "fixTime");
ALTER SEQUENCE "positions_id_seq" OWNED BY "positions"."id";

-- events: the same
ALTER TABLE "events" RENAME TO "events_unpartitioned";
ALTER TABLE "events_unpartitioned" RENAME CONSTRAINT "events_pkey" TO "events_unpartitioned_pkey";
ALTER INDEX "events_deviceId_eventTime_idx" RENAME TO "events_unpartitioned_deviceId_eventTime_idx";
ALTER INDEX "events_tenantId_eventTime_idx" RENAME TO "events_unpartitioned_tenantId_eventTime_idx";

CREATE TABLE "events" (
    "id" BIGINT NOT NULL DEFAULT nextval('events_id_seq'),
    "tenantId" INTEGER,
    "deviceId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "eventTime" TIMESTAMP(3) NOT NULL,
    "positionId" BIGINT,
    "geofenceId" INTEGER,
    "maintenanceId" INTEGER,
    "attributes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "events_pkey" PRIMARY KEY ("id", "eventTime")
) PARTITION BY RANGE ("eventTime");
CREATE INDEX "events_deviceId_eventTime_idx" ON "events"("deviceId", "eventTime");
CREATE INDEX "events_tenantId_eventTime_idx" ON "events"("tenantId", "eventTime");
ALTER SEQUENCE "events_id_seq" OWNED BY "events"."id";

-- a partition for every month that holds rows, and for this month and the next
SELECT "partitions".ensure_month('positions', m)
  FROM (SELECT DISTINCT date_trunc('month', "fixTime") AS m FROM "positions_unpartitioned"
        UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC')
        UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AS months;
SELECT "partitions".ensure_month('events', m)
  FROM (SELECT DISTINCT date_trunc('month', "eventTime") AS m FROM "events_unpartitioned"
        UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC')
        UNION SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AS months;

INSERT INTO "positions" SELECT * FROM "positions_unpartitioned";
INSERT INTO "events" SELECT * FROM "events_unpartitioned";
DROP TABLE "positions_unpartitioned";
DROP TABLE "events_unpartitioned";

-- the latest position's fix time, so that it is found in one partition
UPDATE "devices" d SET "positionTime" = p."fixTime" FROM "positions" p WHERE p.id = d."positionId";
