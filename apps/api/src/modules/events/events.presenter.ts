import type { Event } from '@waymark/contracts/event';
import type { Event as EventRow } from '@waymark/db/client';

/** A stored event as /api/events, the events report and the websocket give it (Traccar's shape). */
export function presentEvent(row: EventRow): Event {
  return {
    id: Number(row.id),
    type: row.type,
    eventTime: row.eventTime.toISOString(),
    deviceId: row.deviceId,
    positionId: row.positionId === null ? null : Number(row.positionId),
    geofenceId: row.geofenceId,
    maintenanceId: row.maintenanceId,
    attributes: (row.attributes ?? {}) as Record<string, unknown>,
  };
}
