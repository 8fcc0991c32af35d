import type { HistoryTable, Partition, PartitionMonths, Sql } from './partitions';
import { dropPartition, listPartitions, TIME_COLUMN } from './partitions';

const DAY_MS = 86_400_000;
const BATCH = 5_000;

export interface RetentionResult {
  /** partitions dropped whole */
  dropped: string[];
  /** expired positions partitions kept for the latest positions of silent devices: rows deleted from them */
  trimmed: { name: string; rows: number }[];
  /** rows removed for tenants that keep less than the server */
  tenantRows: number;
  /** deleted devices whose positions and events are now gone */
  purgedDevices: number[];
  purgedRows: number;
  /** kept trips, stops and hours removed with the history they were folded from */
  activityRows: number;
}

/**
 * One pass of retention, run by one API node at a time (worker.ts):
 * - the server's `retentionDays`: every month that ended before now − days is dropped whole (instant; writers
 *   are not stopped). A positions month that still holds a device's latest position (a device silent for longer
 *   than the retention) is emptied of everything else instead, so that the device keeps its last known place,
 *   as Traccar keeps it;
 * - a tenant's `retentionDays` (shorter than the server's): the positions and events of its devices older than
 *   now − days are deleted in batches (not the latest positions);
 * - devices deleted since the last pass (device_purges): their positions and events, in batches.
 */
export async function applyRetention(
  sql: Sql,
  months: PartitionMonths,
  now = new Date(),
  batch = BATCH,
): Promise<RetentionResult> {
  const result: RetentionResult = {
    dropped: [],
    trimmed: [],
    tenantRows: 0,
    purgedDevices: [],
    purgedRows: 0,
    activityRows: 0,
  };
  const server = await sql.query<{ days: number | null }>(`SELECT "retentionDays" AS days FROM server WHERE id = 1`);
  const serverDays = server.rows[0]?.days ?? null;
  const partitions = await listPartitions(sql);
  const cutoff = serverDays === null ? null : now.getTime() - serverDays * DAY_MS;
  for (const partition of partitions) {
    const expired = cutoff !== null && partition.to.getTime() <= cutoff;
    if (!expired && !partition.detachPending) continue;
    const kept = partition.table === 'positions' && !partition.detachPending ? await latestHeldIn(sql, partition) : 0;
    if (kept > 0) {
      result.trimmed.push({ name: partition.name, rows: await trimPartition(sql, partition) });
    } else {
      await dropPartition(sql, partition);
      result.dropped.push(partition.name);
    }
  }
  if (result.dropped.length > 0) months.forget();
  if (cutoff !== null) result.activityRows += await forgetActivity(sql, new Date(cutoff).toISOString(), null);

  const tenants = await sql.query<{ id: number; days: number }>(
    `SELECT id, "retentionDays" AS days FROM tenants WHERE "retentionDays" IS NOT NULL ORDER BY id`,
  );
  for (const tenant of tenants.rows) {
    if (serverDays !== null && tenant.days >= serverDays) continue; // the server's months cover it
    const before = new Date(now.getTime() - tenant.days * DAY_MS).toISOString();
    for (const table of ['positions', 'events'] as const) {
      result.tenantRows += await deleteInBatches(
        sql,
        table,
        `x."deviceId" IN (SELECT id FROM devices WHERE "tenantId" = $1) AND x."${TIME_COLUMN[table]}" < $2::timestamp` +
          (table === 'positions' ? ` AND NOT EXISTS (${LATEST_OF_A_DEVICE})` : ''),
        [tenant.id, before],
        batch,
      );
    }
    result.activityRows += await forgetActivity(sql, before, tenant.id);
  }

  const purges = await sql.query<{ deviceId: number }>(
    `SELECT "deviceId" FROM device_purges WHERE NOT EXISTS (SELECT 1 FROM devices d WHERE d.id = "deviceId")
      ORDER BY "requestedAt" LIMIT 100`,
  );
  for (const { deviceId } of purges.rows) {
    for (const table of ['positions', 'events'] as const)
      result.purgedRows += await deleteInBatches(sql, table, `x."deviceId" = $1`, [deviceId], batch);
    await sql.query(`DELETE FROM device_purges WHERE "deviceId" = $1`, [deviceId]);
    result.purgedDevices.push(deviceId);
  }
  return result;
}

/**
 * Trips, stops and hours hold places and times as positions do: they go when the positions they were folded from
 * go (those that ended before `before`; of a tenant's devices only, when given).
 */
async function forgetActivity(sql: Sql, before: string, tenantId: number | null): Promise<number> {
  const devices = tenantId === null ? '' : ` AND "deviceId" IN (SELECT id FROM devices WHERE "tenantId" = $2)`;
  const values = tenantId === null ? [before] : [before, tenantId];
  const segments = await sql.query(`DELETE FROM activity_segments WHERE "endTime" < $1::timestamp${devices}`, values);
  const hours = await sql.query(
    `DELETE FROM activity_hours WHERE hour < $1::timestamp - interval '1 hour'${devices}`,
    values,
  );
  return (segments.rowCount ?? 0) + (hours.rowCount ?? 0);
}

/** A position that is some device's latest (`x` is the position). */
const LATEST_OF_A_DEVICE = `SELECT 1 FROM devices d WHERE d."positionId" = x.id AND d."positionTime" = x."fixTime"`;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function latestHeldIn(sql: Sql, partition: Partition): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM devices WHERE "positionTime" >= $1::timestamp AND "positionTime" < $2::timestamp`,
    [partition.from.toISOString(), partition.to.toISOString()],
  );
  return rows[0]?.n ?? 0;
}

/** Deletes every row of an expired positions month but the devices' latest positions (nobody writes there). */
async function trimPartition(sql: Sql, partition: Partition): Promise<number> {
  const table = `partitions.${ident(partition.name)}`;
  const { rowCount } = await sql.query(`DELETE FROM ${table} x WHERE NOT EXISTS (${LATEST_OF_A_DEVICE})`);
  return rowCount ?? 0;
}

/** Deletes the rows of `table` (alias x) that match `where`, `batch` at a time, each batch a statement of its own. */
async function deleteInBatches(
  sql: Sql,
  table: HistoryTable,
  where: string,
  values: unknown[],
  batch: number,
): Promise<number> {
  const time = TIME_COLUMN[table];
  let total = 0;
  for (;;) {
    const { rowCount } = await sql.query(
      `WITH doomed AS (SELECT x.id, x."${time}" AS at FROM ${table} x WHERE ${where} LIMIT ${Math.floor(batch)})
       DELETE FROM ${table} y USING doomed WHERE y.id = doomed.id AND y."${time}" = doomed.at`,
      values,
    );
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < batch) return total;
  }
}
