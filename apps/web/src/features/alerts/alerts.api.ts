import { positionSchema } from '@waymark/contracts/device';
import { type Event, eventSchema } from '@waymark/contracts/event';
import { geofenceSchema } from '@waymark/contracts/geofence';
import { z } from 'zod';
import { http } from '../../api/http';

export interface EventsQuery {
  from: string;
  to: string;
  deviceIds: readonly number[];
  types: readonly string[];
}

/** GET /api/reports/events: the events of a period (at most 31 days), oldest first. */
export function fetchEventsReport(query: EventsQuery): Promise<Event[]> {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  for (const id of query.deviceIds) params.append('deviceId', String(id));
  for (const type of query.types) params.append('type', type);
  return http(`/api/reports/events?${params}`, { schema: z.array(eventSchema) });
}

/** GET /api/events/:id */
export function fetchEvent(id: number) {
  return http(`/api/events/${id}`, { schema: eventSchema });
}

/** GET /api/positions?id= : one stored position, or null when it is gone. */
export async function fetchPosition(id: number) {
  const positions = await http(`/api/positions?id=${id}`, { schema: z.array(positionSchema) });
  return positions[0] ?? null;
}

/** GET /api/geofences/:id */
export function fetchGeofence(id: number) {
  return http(`/api/geofences/${id}`, { schema: geofenceSchema });
}
