import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { SettingLayers } from './settings';
import type { LastPosition, WorkingPosition } from './types';

export interface DeviceRow {
  id: number;
  uniqueId: string;
  tenantId: number | null;
  status: string;
  disabled: boolean;
  busCursor: string | null;
  last: LastPosition | null;
  groupId: number | null;
  /** where the device's settings come from (settings.ts) */
  layers: SettingLayers;
  /** the events engine's state (events/state.ts), as stored */
  eventState: Record<string, unknown>;
}

// The pipeline's statements are named (prepared once per connection): planning them — a join and FOR UPDATE, an
// UPDATE of the wide devices table — cost PostgreSQL more than running them, once per transaction.

const EMPTY: Record<string, unknown> = Object.freeze({});
const NO_GROUPS: Record<string, unknown>[] = Object.freeze([]) as unknown as Record<string, unknown>[];
const parsedJson = new Map<string, unknown>();

/**
 * The settings layers come as text and are parsed once per distinct text, not once per device and batch: every
 * device of a tenant carries the same tenant and server attributes, most devices `{}`. Read-only (frozen).
 */
function sharedJson<T>(text: string | null, empty: T): T {
  if (text === null || text === '{}' || text === '[]') return empty;
  let value = parsedJson.get(text) as T | undefined;
  if (value === undefined) {
    value = Object.freeze(JSON.parse(text)) as T;
    if (parsedJson.size >= 10_000) parsedJson.clear();
    parsedJson.set(text, value);
  }
  return value;
}

/**
 * The columns of a device's settings layers (settings.ts), for a query over `devices d LEFT JOIN tenants t ON
 * t.id = d."tenantId"`: its own attributes and threshold columns, its group chain (nearest first), tenant, server.
 */
export const LAYER_COLUMNS = `d.attributes::text AS "deviceAttributes", d."fuelDropThreshold", d."fuelIncreaseThreshold",
            d."temperatureDropThreshold", d."temperatureIncreaseThreshold", t.attributes::text AS "tenantAttributes",
            (SELECT s.attributes::text FROM server s WHERE s.id = 1) AS "serverAttributes",
            CASE WHEN d."groupId" IS NULL THEN NULL ELSE (
              WITH RECURSIVE chain(id, parent, attributes, depth) AS (
                SELECT g.id, g."parentGroupId", g.attributes, 0 FROM groups g WHERE g.id = d."groupId"
                UNION ALL
                SELECT g.id, g."parentGroupId", g.attributes, c.depth + 1
                  FROM groups g JOIN chain c ON g.id = c.parent WHERE c.depth < 32)
              SELECT json_agg(attributes ORDER BY depth)::text FROM chain) END AS "groupAttributes"`;

/** A row's LAYER_COLUMNS as the settings resolver reads them. */
export function layersOf(r: {
  deviceAttributes: string | null;
  fuelDropThreshold: number | null;
  fuelIncreaseThreshold: number | null;
  temperatureDropThreshold: number | null;
  temperatureIncreaseThreshold: number | null;
  groupAttributes: string | null;
  tenantAttributes: string | null;
  serverAttributes: string | null;
}): SettingLayers {
  return {
    device: sharedJson(r.deviceAttributes, EMPTY),
    columns: {
      fuelDropThreshold: r.fuelDropThreshold,
      fuelIncreaseThreshold: r.fuelIncreaseThreshold,
      temperatureDropThreshold: r.temperatureDropThreshold,
      temperatureIncreaseThreshold: r.temperatureIncreaseThreshold,
    },
    groups: sharedJson(r.groupAttributes, NO_GROUPS),
    tenant: sharedJson(r.tenantAttributes, EMPTY),
    server: sharedJson(r.serverAttributes, EMPTY),
  };
}

/**
 * Locks the devices of a batch (FOR UPDATE: one writer per device even if two nodes briefly overlap) and reads
 * each one's cursor and latest position.
 */
export async function lockDevices(client: pg.PoolClient, uniqueIds: string[]): Promise<Map<string, DeviceRow>> {
  const { rows } = await client.query({
    name: 'waymark-lock-devices',
    text: `SELECT d.id, d."uniqueId", d."tenantId", d.status, d.disabled, d."busCursor", d."groupId", d."eventState",
            ${LAYER_COLUMNS},
            p.id AS pid, p."fixTime", p.valid, p.latitude, p.longitude, p.altitude, p.speed, p.course, p.accuracy,
            p.attributes, p."geofenceIds"
       FROM devices d LEFT JOIN positions p ON p.id = d."positionId" AND p."fixTime" = d."positionTime"
       LEFT JOIN tenants t ON t.id = d."tenantId"
      WHERE d."uniqueId" = ANY($1::text[])
      ORDER BY d.id
        FOR UPDATE OF d`,
    values: [uniqueIds],
  });
  const map = new Map<string, DeviceRow>();
  for (const r of rows) {
    map.set(r.uniqueId, {
      id: r.id,
      uniqueId: r.uniqueId,
      tenantId: r.tenantId,
      status: r.status,
      disabled: r.disabled,
      busCursor: r.busCursor,
      groupId: r.groupId,
      layers: layersOf(r),
      eventState: r.eventState ?? {},
      last:
        r.pid === null
          ? null
          : {
              fixTime: r.fixTime,
              valid: r.valid,
              latitude: r.latitude,
              longitude: r.longitude,
              altitude: r.altitude,
              speed: r.speed,
              course: r.course,
              accuracy: r.accuracy,
              attributes: r.attributes ?? {},
              geofenceIds: r.geofenceIds ?? [],
            },
    });
  }
  return map;
}

/** Creates devices in platform stock for unknown ids (server setting registerUnknown). */
export async function registerDevices(client: pg.PoolClient, uniqueIds: string[]): Promise<void> {
  if (uniqueIds.length === 0) return;
  await client.query(
    `INSERT INTO devices ("uniqueId", name, "updatedAt", "stockStatus")
     SELECT u, u, now(), 'IN_STOCK' FROM unnest($1::text[]) AS u
     ON CONFLICT ("uniqueId") DO NOTHING`,
    [uniqueIds],
  );
}

/** Reserves ids so that the caller knows which row is which before inserting. */
export async function reserveIds(client: pg.PoolClient, count: number): Promise<bigint[]> {
  if (count === 0) return [];
  const { rows } = await client.query({
    name: 'waymark-reserve-ids',
    text: `SELECT nextval('positions_id_seq') AS id FROM generate_series(1, $1)`,
    values: [count],
  });
  return rows.map((r) => r.id as bigint);
}

const iso = (d: Date) => d.toISOString();

/** Whether the device has a position stored at this fix time (the (deviceId, fixTime) index; UTC, no zone). */
export async function positionStoredAt(client: pg.PoolClient, deviceId: number, fixTime: Date): Promise<boolean> {
  const { rowCount } = await client.query({
    name: 'waymark-position-stored-at',
    text: 'SELECT 1 FROM positions WHERE "deviceId" = $1 AND "fixTime" = $2::timestamp LIMIT 1',
    values: [deviceId, iso(fixTime)],
  });
  return (rowCount ?? 0) > 0;
}

const POSITION_COLUMNS =
  'id, "deviceId", "tenantId", protocol, "serverTime", "deviceTime", "fixTime", valid, latitude, longitude, ' +
  'altitude, speed, course, accuracy, network, "geofenceIds", attributes';

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** A value in COPY's text format: backslash, tab, newline and carriage return escaped (JSON text has only the first). */
const copyText = (text: string) =>
  /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c] as string) : text;
/** The fix time as the COPY writes it: PostgreSQL reads the same text the same way wherever it is given. */
export const fixTimeText = (r: WorkingPosition) => (r.texts ? r.texts.fixTime : iso(r.fixTime));
const copyLine = (r: WorkingPosition & { id: bigint }) =>
  `${r.id}\t${r.deviceId}\t${r.tenantId ?? '\\N'}\t${copyText(r.message.protocol)}\t${
    r.texts
      ? `${r.texts.serverTime}\t${r.texts.deviceTime}\t${r.texts.fixTime}`
      : `${iso(r.serverTime)}\t${iso(r.deviceTime)}\t${iso(r.fixTime)}`
  }\t${r.valid ? 't' : 'f'}\t${r.latitude}\t${r.longitude}\t${r.altitude}\t${r.speed}\t${
    r.course
  }\t${r.accuracy}\t${r.message.network ? copyText(JSON.stringify(r.message.network)) : '\\N'}\t{${r.geofenceIds.join(
    ',',
  )}}\t${copyText(JSON.stringify(r.attributes))}\n`;

/**
 * The whole batch in one COPY (text format): several times cheaper than an INSERT for PostgreSQL and for this
 * process (no parameter arrays to serialize and parse). Timestamps are UTC; the columns have no time zone, so
 * PostgreSQL ignores the ISO strings' Z.
 */
export async function insertPositions(
  client: pg.PoolClient,
  rows: (WorkingPosition & { id: bigint })[],
): Promise<void> {
  if (rows.length === 0) return;
  let text = '';
  for (const row of rows) text += copyLine(row);
  const stream = client.query(copyFrom(`COPY positions (${POSITION_COLUMNS}) FROM STDIN`));
  await new Promise<void>((resolve, reject) => {
    stream.once('finish', resolve);
    stream.once('error', reject);
    stream.end(text);
  });
}

export interface DeviceUpdate {
  id: number;
  /** new latest position, or null to keep the current one */
  positionId: bigint | null;
  /** its fix time as the COPY wrote it (it says which month partition holds the position) */
  positionTime: string | null;
  lastUpdate: Date;
  busCursor: string;
  /** the events engine's new state, or null when it did not change */
  eventState: object | null;
}

/** Latest position, lastUpdate, status online, the bus cursor and the changed event state of the batch's devices. */
export async function updateDevices(client: pg.PoolClient, updates: DeviceUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  await client.query({
    name: 'waymark-update-devices',
    text: `UPDATE devices d
        SET "positionId" = COALESCE(v.pid, d."positionId"),
            "positionTime" = CASE WHEN v.pid IS NULL THEN d."positionTime" ELSE v.pt::timestamp(3) END,
            "lastUpdate" = (v.lu AT TIME ZONE 'UTC'),
            status = 'online', "busCursor" = v.cur, "eventState" = COALESCE(v.st::jsonb, d."eventState"),
            "updatedAt" = now()
       FROM unnest($1::int[], $2::bigint[], $3::timestamptz[], $4::text[], $5::text[], $6::text[])
            AS v(id, pid, lu, cur, st, pt)
      WHERE d.id = v.id`,
    values: [
      updates.map((u) => u.id),
      updates.map((u) => (u.positionId === null ? null : u.positionId.toString())),
      updates.map((u) => iso(u.lastUpdate)),
      updates.map((u) => u.busCursor),
      updates.map((u) => (u.eventState === null ? null : JSON.stringify(u.eventState))),
      updates.map((u) => u.positionTime),
    ],
  });
}
