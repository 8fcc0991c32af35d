import type { Query } from '../../pipeline/activity/activity.store';
import type { TrackPoint } from '../../pipeline/activity/activity-types';
import { trackPoint } from '../../pipeline/activity/track-point';

const iso = (ms: number) => new Date(ms).toISOString();
const POINT = `id, (EXTRACT(EPOCH FROM "fixTime") * 1000)::float8 AS t, latitude, longitude, speed, address, attributes`;

export interface Range {
  from: number;
  /** inclusive */
  to: number;
}

/** Sums of whole hours per range and device (ranges given as [lo, hi) hour bounds). */
export interface HourSums {
  range: number;
  deviceId: number;
  distance: number;
  maxSpeed: number;
  speedSum: number;
  positions: number;
  movingMs: number;
  idleMs: number;
  engineMs: number;
  fuelSpent: number;
  firstTime: number;
  lastTime: number;
  firstOdometer: number;
  lastOdometer: number;
}

export async function hourSums(
  query: Query,
  deviceIds: number[],
  bounds: { lo: number; hi: number }[],
): Promise<HourSums[]> {
  if (bounds.length === 0 || deviceIds.length === 0) return [];
  const rows = await query<Record<string, unknown>>(
    `SELECT (r.i - 1)::int AS range, h."deviceId", sum(h.distance)::float8 AS distance, max(h."maxSpeed")::float8 AS "maxSpeed",
            sum(h."speedSum")::float8 AS "speedSum", sum(h.positions)::float8 AS positions,
            sum(h."movingMs")::float8 AS "movingMs", sum(h."idleMs")::float8 AS "idleMs",
            sum(h."engineMs")::float8 AS "engineMs", sum(h."fuelSpent")::float8 AS "fuelSpent",
            (EXTRACT(EPOCH FROM min(h."firstTime")) * 1000)::float8 AS "firstTime",
            (EXTRACT(EPOCH FROM max(h."lastTime")) * 1000)::float8 AS "lastTime",
            (array_agg(h."firstOdometer" ORDER BY h.hour))[1] AS "firstOdometer",
            (array_agg(h."lastOdometer" ORDER BY h.hour DESC))[1] AS "lastOdometer"
       FROM unnest($2::timestamp[], $3::timestamp[]) WITH ORDINALITY AS r(lo, hi, i)
       JOIN activity_hours h ON h."deviceId" = ANY($1::int[]) AND h.hour >= r.lo AND h.hour < r.hi
      GROUP BY r.i, h."deviceId"`,
    [deviceIds, bounds.map((b) => iso(b.lo)), bounds.map((b) => iso(b.hi))],
  );
  return rows.map((r) => {
    const out: Record<string, number> = {};
    for (const [k, v] of Object.entries(r)) out[k] = Number(v);
    return out as unknown as HourSums;
  });
}

interface PointRow {
  deviceId: number;
  id: bigint | number;
  t: number;
  latitude: number;
  longitude: number;
  speed: number;
  address: string | null;
  attributes: Record<string, unknown> | null;
}

const toPoint = (r: PointRow): TrackPoint => trackPoint(Number(r.id), Number(r.t), r, r.attributes ?? {});

/** Per device: the positions in [lo, hi) and the one right before lo (the first pair reaches back to it). */
export async function windowPoints(
  query: Query,
  deviceIds: number[],
  lo: number,
  hi: number,
): Promise<Map<number, { before: TrackPoint | null; points: TrackPoint[] }>> {
  const [inside, before] = await Promise.all([
    query<PointRow>(
      `SELECT "deviceId", ${POINT} FROM positions
        WHERE "deviceId" = ANY($1::int[]) AND "fixTime" >= $2::timestamp AND "fixTime" < $3::timestamp
        ORDER BY "deviceId", "fixTime", id`,
      [deviceIds, iso(lo), iso(hi)],
    ),
    query<PointRow>(
      `SELECT d AS "deviceId", p.* FROM unnest($1::int[]) AS d,
         LATERAL (SELECT ${POINT} FROM positions WHERE "deviceId" = d AND "fixTime" < $2::timestamp
                   ORDER BY "fixTime" DESC, id DESC LIMIT 1) p`,
      [deviceIds, iso(lo)],
    ),
  ]);
  const out = new Map<number, { before: TrackPoint | null; points: TrackPoint[] }>();
  for (const r of before) out.set(r.deviceId, { before: toPoint(r), points: [] });
  for (const r of inside) {
    let entry = out.get(r.deviceId);
    if (!entry) {
      entry = { before: null, points: [] };
      out.set(r.deviceId, entry);
    }
    entry.points.push(toPoint(r));
  }
  return out;
}

/** Litres refuelled and possibly stolen per range and device: segments ending in the range. */
export async function fuelEvents(
  query: Query,
  deviceIds: number[],
  ranges: Range[],
): Promise<{ range: number; deviceId: number; refuelled: number; theft: number }[]> {
  if (ranges.length === 0 || deviceIds.length === 0) return [];
  const rows = await query<{ range: number; deviceId: number; refuelled: number; theft: number }>(
    `SELECT (r.i - 1)::int AS range, s."deviceId", sum(s.refuelled)::float8 AS refuelled, sum(s.theft)::float8 AS theft
       FROM unnest($2::timestamp[], $3::timestamp[]) WITH ORDINALITY AS r(lo, hi, i)
       JOIN activity_segments s ON s."deviceId" = ANY($1::int[]) AND s."endTime" >= r.lo AND s."endTime" <= r.hi
      WHERE s.refuelled > 0 OR s.theft > 0
      GROUP BY r.i, s."deviceId"`,
    [deviceIds, ranges.map((r) => iso(r.from)), ranges.map((r) => iso(r.to))],
  );
  return rows.map((r) => ({ ...r, refuelled: Number(r.refuelled), theft: Number(r.theft) }));
}
