import type pg from 'pg';
import type { ActivityState, Segment, TrackPoint } from './activity-types';
import type { HourTally } from './hours';
import { decodeState, encodeState } from './state-codec';
import { trackPoint } from './track-point';

const iso = (ms: number) => new Date(ms).toISOString();
const ms = 'EXTRACT(EPOCH FROM "fixTime") * 1000';

/** Runs one SQL statement and returns its rows: over a pg client (the pipeline) or Prisma's raw queries (reports). */
export type Query = <T>(text: string, values: unknown[]) => Promise<T[]>;

export const pgQuery =
  (client: pg.ClientBase): Query =>
  async <T>(text: string, values: unknown[]) =>
    (await client.query(text, values)).rows as T[];

export interface StoredActivity {
  state: ActivityState;
  since: number;
  /** the thresholds the history was folded with (settingsKey) */
  settings: string;
}

/** The detector states of some devices (with the lock the pipeline holds on their rows). */
export async function loadStates(query: Query, deviceIds: number[]): Promise<Map<number, StoredActivity>> {
  const rows = await query<{ deviceId: number; state: unknown; since: string; settings: string }>(
    `SELECT "deviceId", state, (EXTRACT(EPOCH FROM since) * 1000)::float8 AS since, settings
       FROM device_activity WHERE "deviceId" = ANY($1::int[])`,
    [deviceIds],
  );
  return new Map(
    rows.map((r) => [r.deviceId, { state: decodeState(r.state), since: Number(r.since), settings: r.settings }]),
  );
}

export async function saveStates(
  client: pg.ClientBase,
  rows: { deviceId: number; state: ActivityState; since: number; settings: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await client.query({
    name: 'activity-save-states',
    text: `INSERT INTO device_activity ("deviceId", state, since, settings, "updatedAt")
           SELECT d, s::json, t::timestamp, k, now() FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS u(d, s, t, k)
           ON CONFLICT ("deviceId") DO UPDATE
             SET state = EXCLUDED.state, since = EXCLUDED.since, settings = EXCLUDED.settings, "updatedAt" = now()`,
    values: [
      rows.map((r) => r.deviceId),
      rows.map((r) => JSON.stringify(encodeState(r.state))),
      rows.map((r) => iso(r.since)),
      rows.map((r) => r.settings),
    ],
  });
}

interface PointRow {
  id: string;
  t: string;
  latitude: number;
  longitude: number;
  speed: number;
  address: string | null;
  attributes: Record<string, unknown>;
}

const POINT_COLUMNS = `id, (${ms})::float8 AS t, latitude, longitude, speed, address, attributes`;
const toPoint = (r: PointRow): TrackPoint => trackPoint(Number(r.id), Number(r.t), r, r.attributes ?? {});

/** A device's positions from (time, id) on, inclusive, up to `to` (ms, inclusive) when given, in fold order. */
export async function readPoints(
  query: Query,
  deviceId: number,
  from: { time: number; id: number } | null,
  to: number | null = null,
  limit: number | null = null,
): Promise<TrackPoint[]> {
  const values: unknown[] = [deviceId];
  let where = '"deviceId" = $1';
  if (from) {
    values.push(iso(from.time), from.id);
    where += ' AND "fixTime" >= $2::timestamp AND ("fixTime", id) >= ($2::timestamp, $3::bigint)';
  }
  if (to !== null) {
    values.push(iso(to));
    where += ` AND "fixTime" <= $${values.length}::timestamp`;
  }
  const rows = await query<PointRow>(
    `SELECT ${POINT_COLUMNS} FROM positions WHERE ${where} ORDER BY "fixTime", id${limit ? ` LIMIT ${Math.floor(limit)}` : ''}`,
    values,
  );
  return rows.map(toPoint);
}

/** The position right before `time` (strictly), if any. */
export async function readPointBefore(query: Query, deviceId: number, time: number): Promise<TrackPoint | null> {
  const rows = await query<PointRow>(
    `SELECT ${POINT_COLUMNS} FROM positions WHERE "deviceId" = $1 AND "fixTime" < $2::timestamp
      ORDER BY "fixTime" DESC, id DESC LIMIT 1`,
    [deviceId, iso(time)],
  );
  return rows[0] ? toPoint(rows[0]) : null;
}

/** The latest closed segment whose start was decided before `time`: where a fold may start again. */
export async function segmentDecidedBefore(
  client: pg.ClientBase,
  deviceId: number,
  time: number,
): Promise<{ kind: Segment['kind']; startTime: number; startPositionId: number; confirmedAt: number } | null> {
  const { rows } = await client.query<{ kind: Segment['kind']; s: string; id: string; c: string }>({
    text: `SELECT kind, (EXTRACT(EPOCH FROM "startTime") * 1000)::float8 AS s, "startPositionId" AS id,
                  (EXTRACT(EPOCH FROM "confirmedAt") * 1000)::float8 AS c
             FROM activity_segments WHERE "deviceId" = $1 AND "confirmedAt" < $2::timestamp
            ORDER BY "startTime" DESC LIMIT 1`,
    values: [deviceId, iso(time)],
  });
  const r = rows[0];
  return r ? { kind: r.kind, startTime: Number(r.s), startPositionId: Number(r.id), confirmedAt: Number(r.c) } : null;
}

/** Deletes a device's segments starting at `time` or later (and before `until`, when given). */
export async function deleteSegmentsFrom(
  client: pg.ClientBase,
  deviceId: number,
  time: number,
  until: number | null = null,
): Promise<void> {
  if (until === null) {
    await client.query('DELETE FROM activity_segments WHERE "deviceId" = $1 AND "startTime" >= $2::timestamp', [
      deviceId,
      iso(time),
    ]);
    return;
  }
  await client.query(
    'DELETE FROM activity_segments WHERE "deviceId" = $1 AND "startTime" >= $2::timestamp AND "startTime" < $3::timestamp',
    [deviceId, iso(time), iso(until)],
  );
}

/** The kept segments of a device that start after `time`: by start position, their kind and moment of decision. */
export async function segmentStartsAfter(
  client: pg.ClientBase,
  deviceId: number,
  time: number,
): Promise<Map<number, { kind: Segment['kind']; confirmedAt: number }>> {
  const { rows } = await client.query<{ kind: Segment['kind']; id: string; c: string }>({
    text: `SELECT kind, "startPositionId" AS id, (EXTRACT(EPOCH FROM "confirmedAt") * 1000)::float8 AS c
             FROM activity_segments WHERE "deviceId" = $1 AND "startTime" > $2::timestamp`,
    values: [deviceId, iso(time)],
  });
  return new Map(rows.map((r) => [Number(r.id), { kind: r.kind, confirmedAt: Number(r.c) }]));
}

export async function insertSegments(client: pg.ClientBase, rows: { deviceId: number; segment: Segment }[]) {
  if (rows.length === 0) return;
  const col = <T>(f: (r: { deviceId: number; segment: Segment }) => T) => rows.map(f);
  await client.query({
    name: 'activity-insert-segments',
    text: `INSERT INTO activity_segments ("deviceId", "startTime", kind, "endTime", "confirmedAt", "startPositionId",
             "endPositionId", "startLat", "startLon", "endLat", "endLon", "startAddress", "endAddress", "startOdometer",
             "endOdometer", distance, "maxSpeed", "speedSum", positions, "movingMs", "idleMs", "engineMs", "fuelSpent",
             "parkedDrop", "parkedRise", "risePositionId", "riseTime", "driverUniqueId", refuelled, theft)
           SELECT * FROM unnest($1::int[], $2::timestamp[], $3::text[], $4::timestamp[], $5::timestamp[], $6::bigint[],
             $7::bigint[], $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::text[], $13::text[],
             $14::float8[], $15::float8[], $16::float8[], $17::float8[], $18::float8[], $19::int[], $20::float8[],
             $21::float8[], $22::float8[], $23::float8[], $24::float8[], $25::float8[], $26::bigint[],
             $27::timestamp[], $28::text[], $29::float8[], $30::float8[])
           ON CONFLICT ("deviceId", "startTime") DO NOTHING`,
    values: [
      col((r) => r.deviceId),
      col((r) => iso(r.segment.start.time)),
      col((r) => r.segment.kind),
      col((r) => iso(r.segment.end.time)),
      col((r) => iso(r.segment.confirmedAt)),
      col((r) => r.segment.start.id),
      col((r) => r.segment.end.id),
      col((r) => r.segment.start.latitude),
      col((r) => r.segment.start.longitude),
      col((r) => r.segment.end.latitude),
      col((r) => r.segment.end.longitude),
      col((r) => r.segment.start.address),
      col((r) => r.segment.end.address),
      col((r) => r.segment.start.odometer),
      col((r) => r.segment.end.odometer),
      col((r) => r.segment.tally.distance),
      col((r) => r.segment.tally.maxSpeed),
      col((r) => r.segment.tally.speedSum),
      col((r) => r.segment.tally.positions),
      col((r) => r.segment.tally.movingMs),
      col((r) => r.segment.tally.idleMs),
      col((r) => r.segment.tally.engineMs),
      col((r) => r.segment.tally.fuelSpent),
      col((r) => r.segment.tally.parkedDrop),
      col((r) => r.segment.tally.parkedRise),
      col((r) => r.segment.tally.riseId),
      col((r) => (r.segment.tally.riseTime === null ? null : iso(r.segment.tally.riseTime))),
      col((r) => r.segment.tally.driver),
      col((r) => r.segment.refuelled),
      col((r) => r.segment.theft),
    ],
  });
}

const HOUR_FIELDS = [
  'distance',
  'speedSum',
  'positions',
  'movingMs',
  'idleMs',
  'engineMs',
  'fuelSpent',
  'parkedDrop',
  'parkedRise',
] as const;

/**
 * Writes hour tallies: `add` adds them to what the hours hold (positions after a device's latest), `replace`
 * overwrites them (hours recomputed from stored positions after a late one).
 */
export async function writeHours(
  client: pg.ClientBase,
  rows: { deviceId: number; hour: HourTally }[],
  mode: 'add' | 'replace',
): Promise<void> {
  if (rows.length === 0) return;
  const sums = HOUR_FIELDS.map((f) =>
    mode === 'add' ? `"${f}" = h."${f}" + EXCLUDED."${f}"` : `"${f}" = EXCLUDED."${f}"`,
  ).join(', ');
  const edges =
    mode === 'add'
      ? `"maxSpeed" = GREATEST(h."maxSpeed", EXCLUDED."maxSpeed"),
         "firstOdometer" = CASE WHEN EXCLUDED."firstTime" < h."firstTime" THEN EXCLUDED."firstOdometer" ELSE h."firstOdometer" END,
         "firstTime" = LEAST(h."firstTime", EXCLUDED."firstTime"),
         "lastOdometer" = CASE WHEN EXCLUDED."lastTime" >= h."lastTime" THEN EXCLUDED."lastOdometer" ELSE h."lastOdometer" END,
         "lastTime" = GREATEST(h."lastTime", EXCLUDED."lastTime")`
      : `"maxSpeed" = EXCLUDED."maxSpeed", "firstOdometer" = EXCLUDED."firstOdometer", "firstTime" = EXCLUDED."firstTime",
         "lastOdometer" = EXCLUDED."lastOdometer", "lastTime" = EXCLUDED."lastTime"`;
  const h = (f: (x: HourTally) => unknown) => rows.map((r) => f(r.hour));
  await client.query({
    name: `activity-hours-${mode}`,
    text: `INSERT INTO activity_hours AS h ("deviceId", hour, distance, "maxSpeed", "speedSum", positions, "movingMs",
             "idleMs", "engineMs", "fuelSpent", "parkedDrop", "parkedRise", "firstTime", "lastTime", "firstOdometer",
             "lastOdometer")
           SELECT * FROM unnest($1::int[], $2::timestamp[], $3::float8[], $4::float8[], $5::float8[], $6::int[],
             $7::float8[], $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::float8[], $13::timestamp[],
             $14::timestamp[], $15::float8[], $16::float8[])
           ON CONFLICT ("deviceId", hour) DO UPDATE SET ${sums}, ${edges}`,
    values: [
      rows.map((r) => r.deviceId),
      h((x) => iso(x.hour)),
      h((x) => x.distance),
      h((x) => x.maxSpeed),
      h((x) => x.speedSum),
      h((x) => x.positions),
      h((x) => x.movingMs),
      h((x) => x.idleMs),
      h((x) => x.engineMs),
      h((x) => x.fuelSpent),
      h((x) => x.parkedDrop),
      h((x) => x.parkedRise),
      h((x) => iso(x.firstTime)),
      h((x) => iso(x.lastTime)),
      h((x) => x.firstOdometer),
      h((x) => x.lastOdometer),
    ],
  });
}
