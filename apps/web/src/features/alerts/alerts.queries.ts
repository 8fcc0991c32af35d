import { useQuery } from '@tanstack/react-query';
import { type EventsQuery, fetchEvent, fetchEventsReport, fetchGeofence, fetchPosition } from './alerts.api';

/**
 * Query keys of the alerts feature; every key starts with `alertKeys.all`. Devices come from the devices
 * feature's queries, so the live updates written there reach the alerts pages too.
 */
export const alertKeys = {
  all: ['alerts'] as const,
  report: (query: EventsQuery) => [...alertKeys.all, 'report', query] as const,
  event: (id: number) => [...alertKeys.all, 'event', id] as const,
  position: (id: number) => [...alertKeys.all, 'position', id] as const,
  geofence: (id: number) => [...alertKeys.all, 'geofence', id] as const,
};

export function useEventsReportQuery(query: EventsQuery | null) {
  return useQuery({
    queryKey: query ? alertKeys.report(query) : [...alertKeys.all, 'report', 'none'],
    queryFn: () => (query ? fetchEventsReport(query) : Promise.resolve([])),
    enabled: query !== null,
  });
}

export function useEventQuery(id: number | null) {
  return useQuery({
    queryKey: alertKeys.event(id ?? 0),
    queryFn: () => fetchEvent(id ?? 0),
    enabled: id !== null,
  });
}

export function usePositionQuery(id: number | null | undefined) {
  return useQuery({
    queryKey: alertKeys.position(id ?? 0),
    queryFn: () => fetchPosition(id ?? 0),
    enabled: typeof id === 'number' && id > 0,
  });
}

/** The geofence named by an event; without VIEW_GEOFENCES it simply stays unknown. */
export function useGeofenceNameQuery(id: number | null | undefined) {
  return useQuery({
    queryKey: alertKeys.geofence(id ?? 0),
    queryFn: () => fetchGeofence(id ?? 0),
    enabled: typeof id === 'number' && id > 0,
    retry: false,
    select: (geofence) => geofence.name,
  });
}
