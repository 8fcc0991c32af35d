import type { VehicleReport } from './vehicle';

const KNOTS_PER_KPH = 1 / 1.852;

/**
 * The request target the Traccar Client (OsmAnd protocol) sends for a report: `/?id=…&lat=…&lon=…&timestamp=…`
 * with speed in knots, bearing, altitude, battery level, and ignition and fuel where the tracker has them; an alarm as
 * `alarm=sos`.
 */
export function osmandPath(uniqueId: string, report: VehicleReport): string {
  const params = new URLSearchParams({
    id: uniqueId,
    lat: report.latitude.toFixed(6),
    lon: report.longitude.toFixed(6),
    timestamp: String(Math.floor(report.time.getTime() / 1000)),
    speed: (report.speedKph * KNOTS_PER_KPH).toFixed(2),
    bearing: String(report.course),
    altitude: String(report.altitude),
    batt: String(report.batteryLevel),
  });
  if (report.ignition !== null) params.set('ignition', String(report.ignition));
  params.set('motion', String(report.moving));
  params.set('odometer', String(report.odometer));
  if (report.fuel !== null) params.set('fuel', report.fuel.toFixed(1));
  if (report.alarm) params.set('alarm', report.alarm);
  // the Traccar Client passes any other parameter through as an attribute of the same name
  for (const [key, value] of Object.entries(report.extras ?? {})) params.set(key, String(value));
  return `/?${params.toString()}`;
}
