import type { Event } from '@waymark/contracts/event';
import type { Event as EventRow } from '@waymark/db/client';

/** A stored event as /api/events, the events report and the websocket give it (Traccar's shape). */
export function presentEvent(row: EventRow): Event {
  return {
    id: Number(row.id),
    type: row.type,
    eventTime: row.eventTime.toISOString(),
    deviceId: row.deviceId,
    // Traccar writes 0 for a reference the event does not have; its clients test the ids for truth
    positionId: row.positionId === null ? 0 : Number(row.positionId),
    geofenceId: row.geofenceId ?? 0,
    maintenanceId: row.maintenanceId ?? 0,
    attributes: (row.attributes ?? {}) as Record<string, unknown>,
  };
}
