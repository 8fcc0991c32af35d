import type { GeofenceDto } from '@waymark/contracts/geofence';
import { DEFAULT_GEOFENCE_COLOR } from '@waymark/contracts/geofence';
import type { Geofence } from '@waymark/db/client';

/** Fills what an absent attribute means: the default colour, alerts on entry and on exit. */
export function withGeofenceDefaults(attributes: Record<string, unknown>): Record<string, unknown> {
  return { color: DEFAULT_GEOFENCE_COLOR, alertOnEntry: true, alertOnExit: true, ...attributes };
}

export function presentGeofence(row: Geofence): GeofenceDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    area: row.area,
    calendarId: row.calendarId ?? 0,
    tenantId: row.tenantId,
    attributes: withGeofenceDefaults((row.attributes ?? {}) as Record<string, unknown>),
  };
}
