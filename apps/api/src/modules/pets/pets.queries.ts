import type { Db } from '@waymark/db/client';
import { Prisma } from '@waymark/db/client';
import type { PetBucket } from './pet-activity';
import { ACTIVE_STEPS, BUCKET_MINUTES, MAX_ACTIVE_CREDIT_SECONDS } from './pet-activity';
import type { TrackRun } from './pet-places';

/**
 * The heavy scans of the pet reports, in SQL over one device's positions of a period. Local days run from
 * `from` 00:00 to the end of `to` in `tz`. fixTime is a timestamp without zone holding UTC, so the bounds are
 * turned into UTC timestamps of the same type: plain expressions of the parameters, which let PostgreSQL prune
 * the monthly partitions before reading and use the (deviceId, fixTime) index.
 * Callers check first that the caller sees the device (these queries know no tenant).
 */

export interface PetPeriod {
  deviceId: number;
  /** first and last local day, YYYY-MM-DD */
  from: string;
  to: string;
  tz: string;
}

interface BucketRow {
  start: Date;
  day: string;
  minute: number;
  steps: number;
  active: number;
  samples: number;
  hr_sum: number;
  hr_n: number;
  batt: number | null;
}

/** The period's bounds as UTC timestamps (the type of fixTime). */
const lowerBound = (p: PetPeriod) => Prisma.sql`(${p.from}::date::timestamp AT TIME ZONE ${p.tz} AT TIME ZONE 'UTC')`;
const upperBound = (p: PetPeriod) =>
  Prisma.sql`((${p.to}::date + 1)::timestamp AT TIME ZONE ${p.tz} AT TIME ZONE 'UTC')`;

/**
 * Every BUCKET_MINUTES bucket of the period (empty ones too), oldest first. `steps` is a counter that the tracker
 * may reset (at midnight, on reboot): a reading's new steps are its rise over the previous reading, or the whole
 * value after a fall. Buckets are cut in UTC, which matches local buckets in every zone (offsets are whole
 * quarter hours); their local day and minute come after. Each row's attributes are parsed once
 * (json_to_record), and only values that are JSON numbers count.
 */
export async function petBuckets(db: Db, p: PetPeriod): Promise<PetBucket[]> {
  const step = `${BUCKET_MINUTES} minutes`;
  const number = (v: Prisma.Sql) => Prisma.sql`CASE WHEN json_typeof(${v}) = 'number' THEN ${v}::text::float8 END`;
  const rows = await db.$queryRaw<BucketRow[]>`
    WITH readings AS (
      SELECT p."fixTime" AS t, ${number(Prisma.sql`r.steps`)} AS steps,
        coalesce(r.motion::text = 'true', false) AS motion,
        ${number(Prisma.sql`r."heartRate"`)} AS hr, ${number(Prisma.sql`r."batteryLevel"`)} AS batt
      FROM positions p,
        json_to_record(p.attributes) AS r(steps json, motion json, "heartRate" json, "batteryLevel" json)
      WHERE p."deviceId" = ${p.deviceId} AND p."fixTime" >= ${lowerBound(p)} AND p."fixTime" < ${upperBound(p)}
    ), deltas AS (
      SELECT t, hr, batt,
        CASE WHEN steps IS NULL OR prev IS NULL THEN 0 WHEN steps >= prev THEN steps - prev ELSE steps END AS dsteps,
        motion, least(coalesce(extract(epoch FROM next - t), 60), ${MAX_ACTIVE_CREDIT_SECONDS}) AS credit
      FROM (SELECT *, lag(steps) OVER w AS prev, lead(t) OVER w AS next FROM readings WINDOW w AS (ORDER BY t)) r
    ), agg AS (
      SELECT date_bin(${step}::interval, t, TIMESTAMP '2000-01-01') AS b, sum(dsteps) AS steps,
        least(coalesce(sum(credit) FILTER (WHERE motion OR dsteps >= ${ACTIVE_STEPS}), 0) / 60, ${BUCKET_MINUTES}) AS active,
        count(*) AS samples, coalesce(sum(hr), 0) AS hr_sum, count(hr) AS hr_n, avg(batt) AS batt
      FROM deltas GROUP BY 1
    )
    SELECT s.b AS start, to_char(s.b AT TIME ZONE 'UTC' AT TIME ZONE ${p.tz}, 'YYYY-MM-DD') AS day,
      (extract(hour FROM s.b AT TIME ZONE 'UTC' AT TIME ZONE ${p.tz}) * 60
        + extract(minute FROM s.b AT TIME ZONE 'UTC' AT TIME ZONE ${p.tz}))::int AS minute,
      coalesce(agg.steps, 0)::float8 AS steps, coalesce(agg.active, 0)::float8 AS active,
      coalesce(agg.samples, 0)::int AS samples, coalesce(agg.hr_sum, 0)::float8 AS hr_sum,
      coalesce(agg.hr_n, 0)::int AS hr_n, agg.batt::float8 AS batt
    FROM generate_series(${lowerBound(p)}, ${upperBound(p)} - ${step}::interval, ${step}::interval) s(b)
    LEFT JOIN agg ON agg.b = s.b
    ORDER BY s.b`;
  return rows.map((r) => ({
    start: r.start,
    day: r.day,
    minute: r.minute,
    steps: r.steps,
    activeMinutes: r.active,
    samples: r.samples,
    heartRateSum: r.hr_sum,
    heartRateCount: r.hr_n,
    battery: r.batt === null ? null : Math.round(r.batt),
  }));
}

/** Grid cells: about 33 m north-south; east-west narrower away from the equator, which a pet's garden forgives. */
const RUN_CELL = 0.0003;
const HEAT_CELL = 0.0004;
/** A silence longer than this does not count as time spent in the cell it started in. */
const HEAT_MAX_STEP_SECONDS = 600;
const HEAT_MAX_CELLS = 2000;

const positionsOf = (p: PetPeriod) => Prisma.sql`
  SELECT "fixTime" AS t, latitude AS lat, longitude AS lon FROM positions
  WHERE "deviceId" = ${p.deviceId} AND valid AND NOT (latitude = 0 AND longitude = 0)
    AND "fixTime" >= ${lowerBound(p)} AND "fixTime" < ${upperBound(p)}`;

/** The track as runs of consecutive positions in one grid cell, oldest first, and how many positions it has. */
export async function petTrackRuns(db: Db, p: PetPeriod): Promise<{ runs: TrackRun[]; positions: number }> {
  const rows = await db.$queryRaw<{ start: Date; end: Date; lat: number; lon: number; n: number }[]>`
    WITH p AS (${positionsOf(p)}),
    g AS (
      SELECT *, floor(lat / ${RUN_CELL}::float8) AS cy, floor(lon / ${RUN_CELL}::float8) AS cx FROM p
    ), c AS (
      SELECT *, CASE WHEN (cy, cx) IS NOT DISTINCT FROM (lag(cy) OVER w, lag(cx) OVER w) THEN 0 ELSE 1 END AS change
      FROM g WINDOW w AS (ORDER BY t)
    ), r AS (SELECT *, sum(change) OVER (ORDER BY t) AS run FROM c)
    SELECT min(t) AS start, max(t) AS "end", avg(lat) AS lat, avg(lon) AS lon, count(*)::int AS n
    FROM r GROUP BY run ORDER BY run`;
  const runs = rows.map((r) => ({ start: r.start, end: r.end, latitude: r.lat, longitude: r.lon, count: r.n }));
  return { runs, positions: runs.reduce((sum, r) => sum + r.count, 0) };
}

/** Minutes spent per heat-map cell (each position counts the time until the next, at most 10 minutes). */
export async function petHeat(
  db: Db,
  p: PetPeriod,
): Promise<{ latitude: number; longitude: number; minutes: number }[]> {
  const rows = await db.$queryRaw<{ lat: number; lon: number; minutes: number }[]>`
    WITH p AS (${positionsOf(p)}),
    s AS (
      SELECT lat, lon, floor(lat / ${HEAT_CELL}::float8) AS cy, floor(lon / ${HEAT_CELL}::float8) AS cx,
        least(coalesce(extract(epoch FROM lead(t) OVER (ORDER BY t) - t), 0), ${HEAT_MAX_STEP_SECONDS}::float8) AS secs
      FROM p
    )
    SELECT avg(lat) AS lat, avg(lon) AS lon, (sum(secs) / 60)::float8 AS minutes
    FROM s GROUP BY cy, cx HAVING sum(secs) > 0 ORDER BY minutes DESC LIMIT ${HEAT_MAX_CELLS}::int`;
  return rows.map((r) => ({ latitude: r.lat, longitude: r.lon, minutes: r.minutes }));
}
