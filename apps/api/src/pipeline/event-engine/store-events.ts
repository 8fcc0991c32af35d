import type { Event as EventRow } from '@waymark/db/client';
import type pg from 'pg';
import { FORWARD_STORED_EVENTS } from '../../forwarding/enqueue';
import type { PendingEvent } from './types';

/**
 * The batch's events in one INSERT … RETURNING, inside the positions' transaction (called only when something
 * fired). Their positions have ids by now (`positionIdOf`). The same statement marks each event pending dispatch,
 * so an event whose notifications are not yet written survives a crash after COMMIT (the dispatch sweep takes it
 * up), and puts it in the outbox of the targets that forward events. Returns the rows as Prisma reads them, for dispatchEvents after COMMIT.
 */
export async function insertEvents(
  client: pg.PoolClient,
  events: readonly PendingEvent[],
  positionIdOf: (event: PendingEvent) => bigint | null,
): Promise<EventRow[]> {
  if (events.length === 0) return [];
  const { rows } = await client.query({
    name: 'waymark-insert-events',
    text: `WITH stored AS (
     INSERT INTO events ("tenantId", "deviceId", type, "eventTime", "positionId", "geofenceId", "maintenanceId",
                               attributes)
     SELECT v.tenant, v.device, v.type, v.at AT TIME ZONE 'UTC', v.position, v.geofence, v.maintenance, v.attrs::jsonb
       FROM unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[], $5::bigint[], $6::int[], $7::int[], $8::text[])
            AS v(tenant, device, type, at, position, geofence, maintenance, attrs)
     RETURNING id, "tenantId", "deviceId", type, "eventTime", "positionId", "geofenceId", "maintenanceId", attributes),
     pending AS (INSERT INTO pending_dispatches ("eventId") SELECT id FROM stored),
     ${FORWARD_STORED_EVENTS}
     SELECT * FROM stored ORDER BY id`,
    values: [
      events.map((e) => e.tenantId),
      events.map((e) => e.deviceId),
      events.map((e) => e.type),
      events.map((e) => e.eventTime.toISOString()),
      events.map((e) => positionIdOf(e)?.toString() ?? null),
      events.map((e) => e.geofenceId ?? null),
      events.map((e) => e.maintenanceId ?? null),
      events.map((e) => JSON.stringify(e.attributes)),
    ],
  });
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    deviceId: r.deviceId,
    type: r.type,
    eventTime: r.eventTime,
    positionId: r.positionId,
    geofenceId: r.geofenceId,
    maintenanceId: r.maintenanceId,
    attributes: r.attributes,
  }));
}
