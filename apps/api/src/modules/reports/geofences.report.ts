import type { GeofenceReportQuery, ReportGeofence } from '@waymark/contracts/report';
import type { AuthContext } from '../../plugins/app/auth-context';
import { reportDevices, reportPeriod } from './report-scope';

/**
 * GET /api/reports/geofences: the intervals each device spent inside each geofence during the period, from its
 * geofenceEnter and geofenceExit events. Inside already when the period starts (an exit first): from the period's
 * start; still inside at its end: no end time, the duration up to the period's end.
 */
export async function geofencesReport(auth: AuthContext, q: GeofenceReportQuery): Promise<ReportGeofence[]> {
  const { from, to } = reportPeriod(auth, 'geofences', q);
  const devices = await reportDevices(auth, q);
  if (devices.length === 0) return [];
  const geofenceIds = q.geofenceId?.length ? [...new Set(q.geofenceId)] : null;
  const events = await auth.db.event.findMany({
    where: {
      deviceId: { in: devices.map((d) => d.id) },
      type: { in: ['geofenceEnter', 'geofenceExit'] },
      eventTime: { gte: new Date(from), lte: new Date(to) },
      geofenceId: geofenceIds ? { in: geofenceIds } : { not: null },
    },
    orderBy: [{ eventTime: 'asc' }, { id: 'asc' }],
    select: { deviceId: true, geofenceId: true, type: true, eventTime: true },
  });
  const names = new Map(
    (
      await auth.db.geofence.findMany({
        where: { id: { in: [...new Set(events.map((e) => e.geofenceId as number))] } },
        select: { id: true, name: true },
      })
    ).map((g) => [g.id, g.name]),
  );
  const deviceNames = new Map(devices.map((d) => [d.id, d.name]));
  const open = new Map<string, number>();
  const rows: ReportGeofence[] = [];
  const push = (deviceId: number, geofenceId: number, start: number, end: number | null) => {
    const name = names.get(geofenceId);
    if (name === undefined) return; // a geofence the caller does not see
    rows.push({
      deviceId,
      deviceName: deviceNames.get(deviceId) ?? '',
      geofenceId,
      geofenceName: name,
      startTime: new Date(start).toISOString(),
      endTime: end === null ? null : new Date(end).toISOString(),
      duration: (end ?? to) - start,
    });
  };
  for (const e of events) {
    const geofenceId = e.geofenceId as number;
    const key = `${e.deviceId}:${geofenceId}`;
    const time = e.eventTime.getTime();
    if (e.type === 'geofenceEnter') {
      if (!open.has(key)) open.set(key, time);
    } else {
      push(e.deviceId, geofenceId, open.get(key) ?? from, time);
      open.delete(key);
    }
  }
  for (const [key, start] of open) {
    const [deviceId, geofenceId] = key.split(':').map(Number) as [number, number];
    push(deviceId, geofenceId, start, null);
  }
  return rows.sort((a, b) => a.deviceId - b.deviceId || a.startTime.localeCompare(b.startTime));
}
