import type { AuthContext } from '../../../plugins/app/auth-context';
import type { ReportNames } from './report-columns';

/**
 * The names an export writes for the ids its rows carry (route, events, chart and combined rows name a device,
 * a geofence or a maintenance by id), read through the caller's scoped database: the devices given (null: every
 * visible device), and the visible geofences and maintenances. An id that is not found shows as `#<id>`.
 */
export async function loadReportNames(auth: AuthContext, deviceIds: readonly number[] | null): Promise<ReportNames> {
  const pairs = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
  const select = { id: true, name: true } as const;
  const [devices, geofences, maintenances] = await Promise.all([
    auth.db.device.findMany({ where: deviceIds ? { id: { in: [...deviceIds] } } : {}, select }),
    auth.db.geofence.findMany({ select }),
    auth.db.maintenance.findMany({ select }),
  ]);
  return { devices: pairs(devices), geofences: pairs(geofences), maintenances: pairs(maintenances) };
}
