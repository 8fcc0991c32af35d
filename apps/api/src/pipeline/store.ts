import type pg from 'pg';
import type { LastPosition, WorkingPosition } from './types';

export interface DeviceRow {
  id: number;
  uniqueId: string;
  tenantId: number | null;
  status: string;
  disabled: boolean;
  busCursor: string | null;
  last: LastPosition | null;
}

/**
 * Locks the devices of a batch (FOR UPDATE: one writer per device even if two nodes briefly overlap) and reads
 * each one's cursor and latest position.
 */
export async function lockDevices(client: pg.PoolClient, uniqueIds: string[]): Promise<Map<string, DeviceRow>> {
  const { rows } = await client.query(
    `SELECT d.id, d."uniqueId", d."tenantId", d.status, d.disabled, d."busCursor",
            p.id AS pid, p."fixTime", p.valid, p.latitude, p.longitude, p.altitude, p.speed, p.course, p.accuracy,
            p.attributes, p."geofenceIds"
       FROM devices d LEFT JOIN positions p ON p.id = d."positionId"
      WHERE d."uniqueId" = ANY($1::text[])
      ORDER BY d.id
        FOR UPDATE OF d`,
    [uniqueIds],
  );
  const map = new Map<string, DeviceRow>();
  for (const r of rows) {
    map.set(r.uniqueId, {
      id: r.id,
      uniqueId: r.uniqueId,
      tenantId: r.tenantId,
      status: r.status,
      disabled: r.disabled,
      busCursor: r.busCursor,
      last:
        r.pid === null
          ? null
          : {
              id: r.pid,
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
  const { rows } = await client.query(`SELECT nextval('positions_id_seq') AS id FROM generate_series(1, $1)`, [count]);
  return rows.map((r) => r.id as bigint);
}

const iso = (d: Date) => d.toISOString();

/** One INSERT of the whole batch through unnest (a constant number of parameters whatever the size). */
export async function insertPositions(
  client: pg.PoolClient,
  rows: (WorkingPosition & { id: bigint })[],
): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(f: (r: WorkingPosition & { id: bigint }) => T) => rows.map(f);
  await client.query(
    `INSERT INTO positions (id, "deviceId", "tenantId", protocol, "serverTime", "deviceTime", "fixTime", valid,
                           latitude, longitude, altitude, speed, course, accuracy, network, "geofenceIds", attributes)
     SELECT id, dev, ten, proto, (st AT TIME ZONE 'UTC'), (dt AT TIME ZONE 'UTC'), (ft AT TIME ZONE 'UTC'), valid,
            lat, lon, alt, spd, crs, acc, net, geo::int[], attrs
       FROM unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::timestamptz[], $6::timestamptz[],
                   $7::timestamptz[], $8::bool[], $9::float8[], $10::float8[], $11::float8[], $12::float8[],
                   $13::float8[], $14::float8[], $15::jsonb[], $16::text[], $17::jsonb[])
         AS t(id, dev, ten, proto, st, dt, ft, valid, lat, lon, alt, spd, crs, acc, net, geo, attrs)`,
    [
      col((r) => r.id.toString()),
      col((r) => r.deviceId),
      col((r) => r.tenantId),
      col((r) => r.message.protocol),
      col((r) => iso(r.serverTime)),
      col((r) => iso(r.deviceTime)),
      col((r) => iso(r.fixTime)),
      col((r) => r.valid),
      col((r) => r.latitude),
      col((r) => r.longitude),
      col((r) => r.altitude),
      col((r) => r.speed),
      col((r) => r.course),
      col((r) => r.accuracy),
      col((r) => (r.message.network ? JSON.stringify(r.message.network) : null)),
      col((r) => `{${r.geofenceIds.join(',')}}`),
      col((r) => JSON.stringify(r.attributes)),
    ],
  );
}

export interface DeviceUpdate {
  id: number;
  /** new latest position, or null to keep the current one */
  positionId: bigint | null;
  lastUpdate: Date;
  busCursor: string;
}

/** Latest position, lastUpdate, status online and the bus cursor of every device of the batch. */
export async function updateDevices(client: pg.PoolClient, updates: DeviceUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  await client.query(
    `UPDATE devices d
        SET "positionId" = COALESCE(v.pid, d."positionId"), "lastUpdate" = (v.lu AT TIME ZONE 'UTC'),
            status = 'online', "busCursor" = v.cur, "updatedAt" = now()
       FROM unnest($1::int[], $2::bigint[], $3::timestamptz[], $4::text[]) AS v(id, pid, lu, cur)
      WHERE d.id = v.id`,
    [
      updates.map((u) => u.id),
      updates.map((u) => (u.positionId === null ? null : u.positionId.toString())),
      updates.map((u) => iso(u.lastUpdate)),
      updates.map((u) => u.busCursor),
    ],
  );
}
