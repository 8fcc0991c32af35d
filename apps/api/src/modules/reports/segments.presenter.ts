import type { Refuel, ReportStop, ReportTrip } from '@waymark/contracts/report';
import type { Segment } from '../../pipeline/activity/activity-types';
import type { AuthContext } from '../../plugins/app/auth-context';
import type { NearestPoi } from '../pois/nearest-poi';
import { nearestPois } from '../pois/nearest-poi';
import type { DeviceSegment } from './segments.report';

const KNOTS_PER_MPS = 1 / 0.514444;
const iso = (ms: number) => new Date(ms).toISOString();

function refuelsOf(s: Segment): Refuel[] {
  if (s.refuelled <= 0) return [];
  return [
    {
      time: iso(s.tally.riseTime ?? s.start.time),
      latitude: s.start.latitude,
      longitude: s.start.longitude,
      litres: s.refuelled,
      positionId: s.tally.riseId ?? s.start.id,
    },
  ];
}

function fuelSpent(s: Segment): number {
  return Math.max(0, s.tally.fuelSpent - s.theft);
}

/** The drivers' names of some unique ids, as the caller sees them. */
async function driverNames(auth: AuthContext, items: DeviceSegment[]): Promise<Map<string, string>> {
  const ids = [...new Set(items.map((i) => i.segment.tally.driver).filter((d): d is string => d !== null))];
  if (ids.length === 0) return new Map();
  const rows = await auth.db.driver.findMany({
    where: { uniqueId: { in: ids } },
    select: { uniqueId: true, name: true },
  });
  return new Map(rows.map((r) => [r.uniqueId, r.name]));
}

function presentTrip({ device, segment: s }: DeviceSegment, drivers: Map<string, string>, poi: NearestPoi): ReportTrip {
  const duration = s.end.time - s.start.time;
  return {
    deviceId: device.id,
    deviceName: device.name,
    startPositionId: s.start.id,
    endPositionId: s.end.id,
    startTime: iso(s.start.time),
    endTime: iso(s.end.time),
    startLat: s.start.latitude,
    startLon: s.start.longitude,
    endLat: s.end.latitude,
    endLon: s.end.longitude,
    startAddress: s.start.address,
    endAddress: s.end.address,
    startPoi: poi(s.start.latitude, s.start.longitude),
    endPoi: poi(s.end.latitude, s.end.longitude),
    startOdometer: s.start.odometer,
    endOdometer: s.end.odometer,
    distance: s.tally.distance,
    duration,
    maxSpeed: s.tally.maxSpeed,
    averageSpeed: duration > 0 ? (s.tally.distance / (duration / 1000)) * KNOTS_PER_MPS : 0,
    spentFuel: fuelSpent(s),
    refuelled: s.refuelled,
    idleTime: s.tally.idleMs,
    engineHours: s.tally.engineMs,
    driverUniqueId: s.tally.driver,
    driverName: s.tally.driver ? (drivers.get(s.tally.driver) ?? null) : null,
    refuels: refuelsOf(s),
  };
}

function presentStop({ device, segment: s }: DeviceSegment, poi: NearestPoi): ReportStop {
  return {
    deviceId: device.id,
    deviceName: device.name,
    positionId: s.start.id,
    startTime: iso(s.start.time),
    endTime: iso(s.end.time),
    latitude: s.start.latitude,
    longitude: s.start.longitude,
    address: s.start.address,
    poi: poi(s.start.latitude, s.start.longitude),
    duration: s.end.time - s.start.time,
    startOdometer: s.start.odometer,
    endOdometer: s.end.odometer,
    spentFuel: fuelSpent(s),
    refuelled: s.refuelled,
    idleTime: s.tally.idleMs,
    engineHours: s.tally.engineMs,
    refuels: refuelsOf(s),
    thefts:
      s.theft > 0
        ? [
            {
              time: iso(s.end.time),
              latitude: s.start.latitude,
              longitude: s.start.longitude,
              litres: s.theft,
              positionId: s.end.id,
            },
          ]
        : [],
  };
}

/** The rows of a trips report: drivers' names and the POIs near each end looked up once for all of them. */
export async function presentTrips(auth: AuthContext, items: DeviceSegment[]): Promise<ReportTrip[]> {
  const drivers = await driverNames(auth, items);
  const poi = await nearestPois(
    auth,
    items.flatMap(({ segment: s }) => [s.start, s.end]),
  );
  return items.map((i) => presentTrip(i, drivers, poi));
}

/** The rows of a stops report, with the POI near each stop looked up once for all of them. */
export async function presentStops(auth: AuthContext, items: DeviceSegment[]): Promise<ReportStop[]> {
  const poi = await nearestPois(
    auth,
    items.map(({ segment: s }) => s.start),
  );
  return items.map((i) => presentStop(i, poi));
}
